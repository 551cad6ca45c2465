/** Failed logins, per address and per name alike, after which further attempts are refused. */
export const LOGIN_MAX_FAILURES = 5;

/** How long a failed login counts against its address and its name. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** How long an admin session lasts after login; it is not extended by use. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * Milliseconds until fewer than LOGIN_MAX_FAILURES of `failureTimes` (ISO instants, in any
 * order) fall within the window ending at `now`; 0 when that is already so. With more than
 * the limit counted, the oldest leaving is not enough: as many must leave as exceed it.
 */
export function loginLockRemainingMs(failureTimes: string[], now: Date): number {
  const windowStart = now.getTime() - LOGIN_WINDOW_MS;
  const counted = failureTimes
    .map((time) => Date.parse(time))
    .filter((time) => time > windowStart)
    .sort((a, b) => a - b);
  if (counted.length < LOGIN_MAX_FAILURES) return 0;
  const mustLeave = counted[counted.length - LOGIN_MAX_FAILURES] as number;
  return Math.max(mustLeave + LOGIN_WINDOW_MS - now.getTime(), 1);
}

/** The whole minutes a locked-out person is told to wait: rounded up, at least 1. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
