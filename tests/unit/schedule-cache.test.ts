import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../../src/server/http/if-none-match';
import { ScheduleCache } from '../../src/server/schedule/cache';

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

/** The rest of this turn of the event loop, where the cache begins its counter reads. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ScheduleCache', () => {
  it('never answers a request from a counter read that began before the request arrived', async () => {
    const counter = manualCounter();
    let data = 'old';
    const cache = new ScheduleCache(counter.read);
    const compute = async () => ({ data });

    const warm = cache.answer('day', compute);
    await nextTurn();
    await counter.finishReads();
    expect(JSON.parse((await warm).body)).toEqual({ data: 'old' });

    // A read begins for a request; a write commits while it is under way; then a second request
    // arrives, whose read begins beside the first one and sees the write.
    const early = cache.answer('day', compute);
    await nextTurn();
    expect(counter.reads()).toBe(1);
    data = 'new';
    counter.bump();
    const late = cache.answer('day', compute);
    await nextTurn();
    expect(counter.reads()).toBe(2);
    await counter.finishReads();
    expect(JSON.parse((await early).body)).toEqual({ data: 'old' });
    expect(JSON.parse((await late).body)).toEqual({ data: 'new' });
  });

  it('begins the read after every request of the same turn arrived, so a write between them is seen by all', async () => {
    const counter = manualCounter();
    let data = 'old';
    const cache = new ScheduleCache(counter.read);
    const compute = async () => ({ data });
    const before = cache.answer('day', compute);
    data = 'new';
    counter.bump();
    const after = cache.answer('day', compute);
    expect(counter.reads()).toBe(0);
    await nextTurn();
    expect(counter.reads()).toBe(1);
    await counter.finishReads();
    expect(JSON.parse((await before).body)).toEqual({ data: 'new' });
    expect(JSON.parse((await after).body)).toEqual({ data: 'new' });
  });

  it('shares one counter read among the requests of a turn, and one more among those of the next turn', async () => {
    const counter = manualCounter();
    let computed = 0;
    const cache = new ScheduleCache(counter.read);
    const compute = async () => ({ computed: ++computed });
    const first = Array.from({ length: 10 }, () => cache.answer('day', compute));
    await nextTurn();
    expect(counter.reads()).toBe(1);
    const rest = Array.from({ length: 10 }, () => cache.answer('day', compute));
    await nextTurn();
    expect(counter.reads()).toBe(2);
    await counter.finishReads();
    const answers = await Promise.all([...first, ...rest]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(computed).toBe(1);
  });

  it('stays exact when reads end out of order', async () => {
    let version = 0;
    const pending: { seen: string; finish(): void }[] = [];
    const cache = new ScheduleCache(
      () =>
        new Promise<string>((resolve) => {
          const seen = String(version);
          pending.push({ seen, finish: () => resolve(seen) });
        }),
    );
    let data = 'old';
    const compute = async () => ({ data });
    const early = cache.answer('day', compute);
    await nextTurn();
    data = 'new';
    version++;
    const late = cache.answer('day', compute);
    await nextTurn();
    // The newer read ends first, then the older one; a third request reads the newer version.
    pending[1]?.finish();
    expect(JSON.parse((await late).body)).toEqual({ data: 'new' });
    pending[0]?.finish();
    await early;
    const third = cache.answer('day', compute);
    await nextTurn();
    pending[2]?.finish();
    expect(JSON.parse((await third).body)).toEqual({ data: 'new' });
  });

  it('keeps nothing computed under a version that a newer read has replaced', async () => {
    const counter = manualCounter();
    let computed = 0;
    let release: () => void = () => {};
    const cache = new ScheduleCache(counter.read);
    const slow = cache.answer('day', () => new Promise((resolve) => (release = () => resolve({ computed: ++computed }))));
    await nextTurn();
    await counter.finishReads();
    counter.bump();
    const other = cache.answer('other', async () => ({ other: true }));
    await nextTurn();
    await counter.finishReads();
    await other;
    release();
    await slow;
    const again = cache.answer('day', async () => ({ computed: ++computed }));
    await nextTurn();
    await counter.finishReads();
    expect(JSON.parse((await again).body)).toEqual({ computed: 2 });
  });
  it('keeps no refused computation: the next request computes again', async () => {
    const counter = manualCounter();
    const cache = new ScheduleCache(counter.read);
    const refused = cache.answer('day', async () => {
      throw new Error('bad date');
    });
    const refusal = expect(refused).rejects.toThrow('bad date');
    await nextTurn();
    await counter.finishReads();
    await refusal;
    const again = cache.answer('day', async () => ({ ok: true }));
    await nextTurn();
    await counter.finishReads();
    expect(JSON.parse((await again).body)).toEqual({ ok: true });
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
