import type { AttemptLimit } from './admin-limits';

// 22 characters for today's 128-bit secrets, up to 64 so a longer one could come later; nothing else is looked up.
const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isWellFormedCancelToken(value: string): boolean {
  return CANCEL_TOKEN_PATTERN.test(value);
}

// Looser than the login's: a student opening a few stale links must not be locked out.
// Generous, so one person behind a campus NAT cannot lock the class out; 128-bit secrets make guessing hopeless anyway (0018).
export const CANCEL_TOKEN_LIMIT: AttemptLimit = { maxFailures: 100, windowMs: 60 * 60 * 1000 };

export function cancelPagePath(token: string): string {
  return `/batal/${token}`;
}

/** Made on the server, so the page carries no iCalendar code. */
export function calendarFilePath(token: string): string {
  return `/api/bookings/by-token/${encodeURIComponent(token)}.ics`;
}
