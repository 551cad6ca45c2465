import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, ScheduleCache } from '../../src/server/bookings/schedule-cache';

/** A version counter whose reads the test finishes by hand, to order them against requests. */
function manualCounter() {
  let version = 0;
  const pending: (() => void)[] = [];
  return {
    bump: () => {
      version++;
    },
    reads: () => pending.length,
    read: () =>
      new Promise<string>((resolve) => {
        // The value is taken when the read starts, as a database statement's snapshot is.
        const seen = String(version);
        pending.push(() => resolve(seen));
      }),
    finishReads: async () => {
      for (const finish of pending.splice(0)) finish();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('ScheduleCache', () => {
  it('never answers a request from a counter read that began before the request arrived', async () => {
    const counter = manualCounter();
    let data = 'old';
    const cache = new ScheduleCache(counter.read);
    const compute = async () => ({ data });

    const warm = cache.answer('day', compute);
    await counter.finishReads();
    expect(JSON.parse((await warm).body)).toEqual({ data: 'old' });

    // A read starts for a request; a write commits while it is under way; then a second request arrives.
    const early = cache.answer('day', compute);
    data = 'new';
    counter.bump();
    const late = cache.answer('day', compute);
    expect(counter.reads()).toBe(1);
    await counter.finishReads();
    expect(JSON.parse((await early).body)).toEqual({ data: 'old' });
    expect(counter.reads()).toBe(1);
    await counter.finishReads();
    expect(JSON.parse((await late).body)).toEqual({ data: 'new' });
  });

  it('shares one counter read among the requests that arrive while another is under way', async () => {
    const counter = manualCounter();
    let computed = 0;
    const cache = new ScheduleCache(counter.read);
    const compute = async () => ({ computed: ++computed });
    const first = cache.answer('day', compute);
    const rest = Array.from({ length: 10 }, () => cache.answer('day', compute));
    expect(counter.reads()).toBe(1);
    await counter.finishReads();
    expect(counter.reads()).toBe(1);
    await counter.finishReads();
    await first;
    const answers = await Promise.all(rest);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(computed).toBe(1);
  });

  it('keeps nothing computed under a version that a newer read has replaced', async () => {
    const counter = manualCounter();
    let computed = 0;
    let release: () => void = () => {};
    const cache = new ScheduleCache(counter.read);
    const slow = cache.answer('day', () => new Promise((resolve) => (release = () => resolve({ computed: ++computed }))));
    await counter.finishReads();
    counter.bump();
    const other = cache.answer('other', async () => ({ other: true }));
    await counter.finishReads();
    await other;
    release();
    await slow;
    const again = cache.answer('day', async () => ({ computed: ++computed }));
    await counter.finishReads();
    expect(JSON.parse((await again).body)).toEqual({ computed: 2 });
  });
});

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"x", W/"abc"', true],
    ['*', true],
    ['W/"abcd"', false],
    ['', false],
  ])('%j against W/"abc" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, 'W/"abc"')).toBe(expected);
  });
});
