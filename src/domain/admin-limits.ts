/** Failed logins, per address and per name alike, after which further attempts are refused. */
export const LOGIN_MAX_FAILURES = 5;

/** How long a failed login counts against its address and its name. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** How long an admin session lasts after login; it is not extended by use. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** How many failures within how long lock out an address (or a name). */
export interface AttemptLimit {
  maxFailures: number;
  windowMs: number;
}

/**
 * Milliseconds until fewer than `limit.maxFailures` of `failureTimes` (ISO instants, in any
 * order) fall within the window ending at `now`; 0 when that is already so. With more than
 * the limit counted, the oldest leaving is not enough: as many must leave as exceed it.
 */
export function lockRemainingMs(failureTimes: string[], now: Date, limit: AttemptLimit): number {
  const windowStart = now.getTime() - limit.windowMs;
  const counted = failureTimes
    .map((time) => Date.parse(time))
    .filter((time) => time > windowStart)
    .sort((a, b) => a - b);
  if (counted.length < limit.maxFailures) return 0;
  const mustLeave = counted[counted.length - limit.maxFailures] as number;
  return Math.max(mustLeave + limit.windowMs - now.getTime(), 1);
}

/** lockRemainingMs for admin logins: LOGIN_MAX_FAILURES within LOGIN_WINDOW_MS. */
export function loginLockRemainingMs(failureTimes: string[], now: Date): number {
  return lockRemainingMs(failureTimes, now, { maxFailures: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS });
}

/** The whole minutes a locked-out person is told to wait: rounded up, at least 1. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
