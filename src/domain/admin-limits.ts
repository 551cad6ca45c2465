/**
 * Failed logins for one name from one address after which that name is refused from that
 * address: someone who mistypes, or guesses, one admin's code.
 */
export const LOGIN_MAX_FAILURES_PER_NAME_AND_ADDRESS = 5;

/** Failed logins from one address, whatever names they tried, after which the address is refused. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Failed logins for one name from all addresses after which every attempt for it waits
 * LOGIN_SLOW_DELAY_MS before its code is checked. Never a refusal: names are public, so a
 * refusal per name would let anyone lock the admin out (docs/decisions/0008).
 */
export const LOGIN_SLOW_AFTER_FAILURES_PER_NAME = 10;

/** How long an attempt for a name under attack waits before its code is checked. */
export const LOGIN_SLOW_DELAY_MS = 1_000;

/** How long a failed login counts against its address and its name. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** How long an admin session lasts after login; it is not extended by use. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** How many failures within how long lock out an address (or a name). */
export interface AttemptLimit {
  maxFailures: number;
  windowMs: number;
}

/** Failed login instants (ISO) that count against one attempt, from the database. */
export interface LoginFailures {
  /** From the attempt's address, for any name. */
  byAddress: string[];
  /** For the attempt's name from its address. */
  byNameAndAddress: string[];
  /** For the attempt's name from any address. */
  byName: string[];
}

function countedTimes(failureTimes: string[], now: Date, windowMs: number): number[] {
  const windowStart = now.getTime() - windowMs;
  return failureTimes
    .map((time) => Date.parse(time))
    .filter((time) => time > windowStart)
    .sort((a, b) => a - b);
}

/**
 * Milliseconds until fewer than `limit.maxFailures` of `failureTimes` (ISO instants, in any
 * order) fall within the window ending at `now`; 0 when that is already so. With more than
 * the limit counted, the oldest leaving is not enough: as many must leave as exceed it.
 */
export function lockRemainingMs(failureTimes: string[], now: Date, limit: AttemptLimit): number {
  const counted = countedTimes(failureTimes, now, limit.windowMs);
  if (counted.length < limit.maxFailures) return 0;
  const mustLeave = counted[counted.length - limit.maxFailures] as number;
  return Math.max(mustLeave + limit.windowMs - now.getTime(), 1);
}

/** lockRemainingMs for admin logins: `maxFailures` within LOGIN_WINDOW_MS. */
export function loginLockRemainingMs(failureTimes: string[], now: Date, maxFailures: number): number {
  return lockRemainingMs(failureTimes, now, { maxFailures, windowMs: LOGIN_WINDOW_MS });
}

/**
 * How long an attempt is refused for (0: not refused): per address and per name from that
 * address. Failures for the name from other addresses never refuse it (see loginDelayMs).
 */
export function loginRefusalMs(failures: LoginFailures, now: Date): number {
  return Math.max(
    loginLockRemainingMs(failures.byAddress, now, LOGIN_MAX_FAILURES_PER_ADDRESS),
    loginLockRemainingMs(failures.byNameAndAddress, now, LOGIN_MAX_FAILURES_PER_NAME_AND_ADDRESS),
  );
}

/** How long an attempt waits before its code is checked: LOGIN_SLOW_DELAY_MS while its name is under attack, else 0. */
export function loginDelayMs(failures: LoginFailures, now: Date): number {
  return countedTimes(failures.byName, now, LOGIN_WINDOW_MS).length >= LOGIN_SLOW_AFTER_FAILURES_PER_NAME ? LOGIN_SLOW_DELAY_MS : 0;
}

/** The whole minutes a locked-out person is told to wait: rounded up, at least 1. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
