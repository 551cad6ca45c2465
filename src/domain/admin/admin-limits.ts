export const LOGIN_MAX_FAILURES_PER_NAME_AND_ADDRESS = 5;

export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

/** Slows, never refuses: names are public, so a refusal per name would let anyone lock the admin out (docs/decisions/0008). */
export const LOGIN_SLOW_AFTER_FAILURES_PER_NAME = 10;

export const LOGIN_SLOW_DELAY_MS = 1_000;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Not extended by use. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface AttemptLimit {
  maxFailures: number;
  windowMs: number;
}

export interface LoginFailures {
  byAddress: string[];
  byNameAndAddress: string[];
  byName: string[];
}

function countedTimes(failureTimes: string[], now: Date, windowMs: number): number[] {
  const windowStart = now.getTime() - windowMs;
  return failureTimes
    .map((time) => Date.parse(time))
    .filter((time) => time > windowStart)
    .sort((a, b) => a - b);
}

/** Until fewer than `maxFailures` are in the window: past the limit, as many must leave as exceed it, not just the oldest. */
export function lockRemainingMs(failureTimes: string[], now: Date, limit: AttemptLimit): number {
  const counted = countedTimes(failureTimes, now, limit.windowMs);
  if (counted.length < limit.maxFailures) return 0;
  const mustLeave = counted[counted.length - limit.maxFailures] as number;
  return Math.max(mustLeave + limit.windowMs - now.getTime(), 1);
}

export function loginLockRemainingMs(failureTimes: string[], now: Date, maxFailures: number): number {
  return lockRemainingMs(failureTimes, now, { maxFailures, windowMs: LOGIN_WINDOW_MS });
}

export function loginRefusalMs(failures: LoginFailures, now: Date): number {
  return Math.max(
    loginLockRemainingMs(failures.byAddress, now, LOGIN_MAX_FAILURES_PER_ADDRESS),
    loginLockRemainingMs(failures.byNameAndAddress, now, LOGIN_MAX_FAILURES_PER_NAME_AND_ADDRESS),
  );
}

export function loginDelayMs(failures: LoginFailures, now: Date): number {
  return countedTimes(failures.byName, now, LOGIN_WINDOW_MS).length >= LOGIN_SLOW_AFTER_FAILURES_PER_NAME ? LOGIN_SLOW_DELAY_MS : 0;
}

export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
