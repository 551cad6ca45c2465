import type { AttemptLimit } from '../admin/admin-limits';
import { clientRoutes } from './client-routes';

// 22 characters for today's 128-bit secrets, up to 64 so a longer one could come later; nothing else is looked up.
const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isWellFormedCancelToken(value: string): boolean {
  return CANCEL_TOKEN_PATTERN.test(value);
}

// Looser than the login's: a student opening a few stale links must not be locked out.
// Generous, so one person behind a campus NAT cannot lock the class out; 128-bit secrets make guessing hopeless anyway (0018).
export const CANCEL_TOKEN_LIMIT: AttemptLimit = { maxFailures: 100, windowMs: 60 * 60 * 1000 };

/** The secret rides in the fragment, which browsers never send: no server or proxy log holds it (0036). */
export function cancelPagePath(token: string): string {
  return `${clientRoutes.cancel}#${token}`;
}

/** The secret a cancel page's `location.hash` holds; undefined when it holds none, so nothing is looked up. */
export function cancelTokenFromFragment(hash: string): string | undefined {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return isWellFormedCancelToken(token) ? token : undefined;
}
