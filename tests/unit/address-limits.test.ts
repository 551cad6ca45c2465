import { describe, expect, it } from 'vitest';
import { addressLimitRemainingMs } from '../../src/domain/admin/address-limits';

const now = new Date('2026-11-22T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('how long an address waits under a per-hour limit', () => {
  it('does not wait below the limit', () => {
    expect(addressLimitRemainingMs([minutesAgo(1), minutesAgo(2)], now, 3)).toBe(0);
  });

  it('waits until the oldest counted event leaves the hour', () => {
    expect(addressLimitRemainingMs([minutesAgo(10), minutesAgo(40), minutesAgo(5)], now, 3)).toBe(20 * 60_000);
  });

  it('ignores events older than an hour', () => {
    expect(addressLimitRemainingMs([minutesAgo(61), minutesAgo(60), minutesAgo(5), minutesAgo(4)], now, 3)).toBe(0);
  });

  it('with more than the limit counted, waits until enough have left', () => {
    expect(addressLimitRemainingMs([minutesAgo(50), minutesAgo(30), minutesAgo(20), minutesAgo(10)], now, 2)).toBe(40 * 60_000);
  });
});
