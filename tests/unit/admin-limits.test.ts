import { describe, expect, it } from 'vitest';
import {
  LOGIN_SLOW_DELAY_MS,
  LOGIN_WINDOW_MS,
  type LoginFailures,
  loginDelayMs,
  loginLockRemainingMs,
  loginRefusalMs,
  wholeMinutes,
} from '../../src/domain/admin/admin-limits';

const now = new Date('2026-11-22T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('loginLockRemainingMs', () => {
  it('is 0 with fewer than 5 failures in the window', () => {
    expect(loginLockRemainingMs([minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4)], now, 5)).toBe(0);
  });

  it('ignores failures that left the 15-minute window', () => {
    expect(loginLockRemainingMs([minutesAgo(15), minutesAgo(16), minutesAgo(1), minutesAgo(2), minutesAgo(3)], now, 5)).toBe(0);
  });

  it('lasts until the oldest of exactly 5 failures leaves the window, in any order', () => {
    expect(loginLockRemainingMs([minutesAgo(2), minutesAgo(10), minutesAgo(0), minutesAgo(4), minutesAgo(3)], now, 5)).toBe(5 * 60_000);
  });

  it('with more than 5 failures, lasts until enough of them left', () => {
    const failures = [minutesAgo(14), minutesAgo(12), minutesAgo(8), minutesAgo(6), minutesAgo(4), minutesAgo(2)];
    expect(loginLockRemainingMs(failures, now, 5)).toBe(3 * 60_000);
  });

  it('is the whole window right after the 5th failure', () => {
    expect(loginLockRemainingMs(Array(5).fill(now.toISOString()), now, 5)).toBe(LOGIN_WINDOW_MS);
  });
});

const times = (count: number, minutes = 1) => Array.from({ length: count }, () => minutesAgo(minutes));
const failures = (overrides: Partial<LoginFailures>): LoginFailures => ({ byAddress: [], byNameAndAddress: [], byName: [], ...overrides });

describe('loginRefusalMs', () => {
  it('refuses a name from an address after 5 failures for it from there', () => {
    expect(loginRefusalMs(failures({ byAddress: times(4), byNameAndAddress: times(4), byName: times(4) }), now)).toBe(0);
    expect(loginRefusalMs(failures({ byAddress: times(5), byNameAndAddress: times(5), byName: times(5) }), now)).toBe(14 * 60_000);
  });

  it('refuses an address after 20 failures from it, whatever the names', () => {
    expect(loginRefusalMs(failures({ byAddress: times(19) }), now)).toBe(0);
    expect(loginRefusalMs(failures({ byAddress: times(20, 3) }), now)).toBe(12 * 60_000);
  });

  it('never refuses for failures of the name from other addresses, however many', () => {
    expect(loginRefusalMs(failures({ byName: times(10_000) }), now)).toBe(0);
  });
});

describe('loginDelayMs', () => {
  it('holds an attempt back only once its name has 10 failures in the window, from any addresses', () => {
    expect(loginDelayMs(failures({ byName: times(9) }), now)).toBe(0);
    expect(loginDelayMs(failures({ byName: times(10) }), now)).toBe(LOGIN_SLOW_DELAY_MS);
    expect(loginDelayMs(failures({ byName: times(10_000) }), now)).toBe(LOGIN_SLOW_DELAY_MS);
    expect(loginDelayMs(failures({ byName: [...times(9), ...times(5, 16)] }), now)).toBe(0);
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
