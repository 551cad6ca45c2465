export const ADDRESS_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** Like lockRemainingMs in admin-limits.ts, over ADDRESS_LIMIT_WINDOW_MS. */
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
