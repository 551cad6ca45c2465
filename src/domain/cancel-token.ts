import type { AttemptLimit } from './admin-limits';

/**
 * The shape of a borrower's cancel secret: base64url, 22 characters for the 128 random bits
 * issued today, up to 64 so a longer secret could be issued later. Anything else is not looked
 * up at all.
 */
const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isWellFormedCancelToken(value: string): boolean {
  return CANCEL_TOKEN_PATTERN.test(value);
}

/**
 * Lookups of an unknown cancel secret allowed per address. A real secret cannot be guessed
 * (128 bits); the limit keeps a scripted guesser from costing the database anything. It is
 * looser than the login's: a student opening a few stale links must not be locked out.
 */
export const CANCEL_TOKEN_LIMIT: AttemptLimit = { maxFailures: 10, windowMs: 15 * 60 * 1000 };

/** The path of a booking's cancel page; the secret is the whole proof of ownership. */
export function cancelPagePath(token: string): string {
  return `/batal/${token}`;
}

/** Where the booking's calendar file is made (on the server, so the page carries no iCalendar code). */
export function calendarFilePath(token: string): string {
  return `/api/bookings/by-token/${encodeURIComponent(token)}.ics`;
}
