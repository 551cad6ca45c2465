/** The per-address limits on bookings and voucher guesses count what happened in this window. */
export const ADDRESS_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Milliseconds until fewer than `max` of `times` (ISO instants, in any order) fall within the
 * window ending at `now`; 0 when that is already so. With more than `max` counted, as many must
 * leave the window as exceed it.
 */
export function addressLimitRemainingMs(times: string[], now: Date, max: number): number {
  const windowStart = now.getTime() - ADDRESS_LIMIT_WINDOW_MS;
  const counted = times
    .map((time) => Date.parse(time))
    .filter((time) => time > windowStart)
    .sort((a, b) => a - b);
  if (counted.length < max) return 0;
  const mustLeave = counted[counted.length - max] as number;
  return Math.max(mustLeave + ADDRESS_LIMIT_WINDOW_MS - now.getTime(), 1);
}
