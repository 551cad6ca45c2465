import { describe, expect, it } from 'vitest';
import { ScheduleCache } from '../../src/server/schedule/cache';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A counter read by hand: each read sees the value when it begins and ends when the test says. */
function counter() {
  let version = 0;
  const pending: (() => void)[] = [];
  return {
    bump: () => {
      version++;
    },
    read: () =>
      new Promise<string>((resolve) => {
        const seen = String(version);
        pending.push(() => resolve(seen));
      }),
    finishReads: async () => {
      for (const finish of pending.splice(0)) finish();
      await nextTurn();
    },
  };
}

describe('ScheduleCache, answered without a promise each (kept-answers.ts)', () => {
  it('gives every asker of one turn the same read, and a new one to whoever asks after it began', async () => {
    const cache = new ScheduleCache(counter().read);
    const first = cache.readAfterNow();
    expect(cache.readAfterNow()).toBe(first);
    await nextTurn();
    expect(cache.readAfterNow()).not.toBe(first);
  });

  it('holds an answer for its key once computed, under the version it was computed at and no other', async () => {
    const versions = counter();
    const cache = new ScheduleCache(versions.read);
    expect(cache.mayKeep('/api/bookings?date=2026-12-01')).toBe(false);
    const answer = cache.answer('/api/bookings?date=2026-12-01', async () => ({ bookings: [] }));
    await nextTurn();
    await versions.finishReads();
    const computed = await answer;
    expect(cache.mayKeep('/api/bookings?date=2026-12-01')).toBe(true);
    expect(cache.keptAt('0', '/api/bookings?date=2026-12-01')).toBe(computed);
    expect(cache.keptAt('0', '/api/bookings?date=2026-12-02')).toBeUndefined();

    versions.bump();
    expect(cache.keptAt('1', '/api/bookings?date=2026-12-01')).toBeUndefined();
    expect(cache.mayKeep('/api/bookings?date=2026-12-01')).toBe(false);
  });

  it('holds nothing computed while a newer version was read, nor a refused computation', async () => {
    const versions = counter();
    const cache = new ScheduleCache(versions.read);
    let release: () => void = () => {};
    const slow = cache.answer('day', () => new Promise((resolve) => (release = () => resolve({ old: true }))));
    await nextTurn();
    await versions.finishReads();
    versions.bump();
    expect(cache.keptAt('1', 'day')).toBeUndefined();
    release();
    await slow;
    expect(cache.mayKeep('day')).toBe(false);

    const refused = cache.answer('bad', async () => {
      throw new Error('bad date');
    });
    const refusal = expect(refused).rejects.toThrow('bad date');
    await nextTurn();
    await versions.finishReads();
    await refusal;
    expect(cache.mayKeep('bad')).toBe(false);
  });
});
