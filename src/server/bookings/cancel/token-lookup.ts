import type { Db } from '../../../db/database';
import { lockRemainingMs } from '../../../domain/admin/admin-limits';
import { CANCEL_TOKEN_LIMIT, isWellFormedCancelToken } from '../../../domain/booking/cancel-token';
import { hashCancelToken } from '../cancel-token';
import { findStoredBooking, type StoredBooking } from './repository';
import {
  deleteTokenAttempt,
  deleteTokenAttemptsBefore,
  findRecentTokenFailures,
  insertTokenAttempt,
  markTokenAttemptSucceeded,
} from './token-attempts-repository';

export interface TokenRequest {
  token: string;
  ip: string;
  now: Date;
  timeZone: string;
}

export type TokenOutcome<T> = { kind: 'found'; value: T } | { kind: 'unknown' } | { kind: 'rate-limited'; retryAfterMs: number };

/** Counted like logins (0008): failed before the limit is counted, so parallel guesses see each other; one the limit refused is removed. */
export async function withCancelToken<T>(
  db: Db,
  request: TokenRequest,
  use: (lookup: { cancelTokenHash: string }) => Promise<T | undefined>,
): Promise<TokenOutcome<T>> {
  const attemptId = await insertTokenAttempt(db.kysely, request.ip, request.now);
  const since = new Date(request.now.getTime() - CANCEL_TOKEN_LIMIT.windowMs);
  const failures = await findRecentTokenFailures(db.kysely, request.ip, since, attemptId);
  const retryAfterMs = lockRemainingMs(failures, request.now, CANCEL_TOKEN_LIMIT);
  if (retryAfterMs > 0) {
    await deleteTokenAttempt(db.kysely, attemptId);
    return { kind: 'rate-limited', retryAfterMs };
  }
  if (!isWellFormedCancelToken(request.token)) return { kind: 'unknown' };
  const value = await use({ cancelTokenHash: hashCancelToken(request.token) });
  if (value === undefined) return { kind: 'unknown' };
  await markTokenAttemptSucceeded(db.kysely, attemptId);
  await deleteTokenAttemptsBefore(db.kysely, since);
  return { kind: 'found', value };
}

export function findBookingByToken(db: Db, request: TokenRequest): Promise<TokenOutcome<StoredBooking>> {
  return withCancelToken(db, request, (lookup) => findStoredBooking(db.kysely, lookup));
}

/**
 * The card's lookup: each secret counted like a single lookup, one after another, so a device's
 * card costs no more of the limit than its bookings asked one by one. Null for an unknown secret.
 */
export async function findBookingsByTokens(
  db: Db,
  request: Omit<TokenRequest, 'token'> & { tokens: string[] },
): Promise<TokenOutcome<(StoredBooking | null)[]>> {
  const found: (StoredBooking | null)[] = [];
  for (const token of request.tokens) {
    const outcome = await findBookingByToken(db, { ...request, token });
    if (outcome.kind === 'rate-limited') return outcome;
    found.push(outcome.kind === 'found' ? outcome.value : null);
  }
  return { kind: 'found', value: found };
}
