import { describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS, loginLockRemainingMs, wholeMinutes } from '../../src/domain/admin-limits';

const now = new Date('2026-11-22T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('loginLockRemainingMs', () => {
  it('is 0 with fewer than 5 failures in the window', () => {
    expect(loginLockRemainingMs([minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4)], now)).toBe(0);
  });

  it('ignores failures that left the 15-minute window', () => {
    expect(loginLockRemainingMs([minutesAgo(15), minutesAgo(16), minutesAgo(1), minutesAgo(2), minutesAgo(3)], now)).toBe(0);
  });

  it('lasts until the oldest of exactly 5 failures leaves the window, in any order', () => {
    expect(loginLockRemainingMs([minutesAgo(2), minutesAgo(10), minutesAgo(0), minutesAgo(4), minutesAgo(3)], now)).toBe(5 * 60_000);
  });

  it('with more than 5 failures, lasts until enough of them left', () => {
    const failures = [minutesAgo(14), minutesAgo(12), minutesAgo(8), minutesAgo(6), minutesAgo(4), minutesAgo(2)];
    expect(loginLockRemainingMs(failures, now)).toBe(3 * 60_000);
  });

  it('is the whole window right after the 5th failure', () => {
    expect(loginLockRemainingMs(Array(5).fill(now.toISOString()), now)).toBe(LOGIN_WINDOW_MS);
  });
});

describe('wholeMinutes', () => {
  it.each([
    [1, 1],
    [59_999, 1],
    [60_000, 1],
    [60_001, 2],
    [270_000, 5],
    [LOGIN_WINDOW_MS, 15],
  ])('%d ms is %d minute(s)', (ms, minutes) => {
    expect(wholeMinutes(ms)).toBe(minutes);
  });
});
