import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { lockRemainingMs } from '../../../domain/admin/admin-limits';
import { CANCEL_TOKEN_LIMIT, isWellFormedCancelToken } from '../../../domain/booking/cancel-token';
import { type CancellerKind, cancellerLabel } from '../../../domain/booking/cancellation';
import type { LoanCharge } from '../../../domain/schemas/charge';
import type { OwnHandover } from '../../../domain/schemas/handover';
import { type OwnBooking, ownBookingStatus } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { localMomentIn } from '../../../domain/time/clock';
import { ownCharge } from '../../fund/service';
import { type HandoverClock, type HandoverDetails, type HandoverOutcome, ownHandover, recordHandover } from '../../handover/service';
import { hashCancelToken } from '../cancel-token';
import { findStoredBooking, type StoredBooking } from './repository';
import { type CancelOutcome, cancelBooking } from './service';
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

/**
 * Counted like logins: recorded as failed before the limit is counted, so parallel guesses on any
 * instance see each other; one refused by the limit is removed, so it never extends the wait.
 */
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

function toOwnBooking(booking: StoredBooking, now: Date, timeZone: string, handover: OwnHandover, charge: LoanCharge | null): OwnBooking {
  return {
    handover,
    charge,
    date: booking.date,
    start: booking.start,
    end: booking.end,
    endDate: booking.endDate,
    name: booking.name,
    class: booking.class,
    status: ownBookingStatus(booking, localMomentIn(timeZone, now)),
    cancellation: booking.cancellation && {
      by: cancellerLabel((booking.cancellation.byKind ?? 'admin') as CancellerKind, booking.cancellation.byName),
      reason: booking.cancellation.reason ?? '',
    },
  };
}

export type { StoredBooking };

export async function ownBookingView(db: Executor, booking: StoredBooking, clock: HandoverClock): Promise<OwnBooking> {
  const handover = await ownHandover(db, booking.ref, clock);
  if (!handover) throw new Error(`booking ${booking.ref} vanished while it was shown`);
  return toOwnBooking(booking, clock.now, clock.timeZone, handover, (await ownCharge(db, booking.id)) ?? null);
}

export async function ownBookingByRef(db: Executor, ref: string, clock: HandoverClock): Promise<OwnBooking> {
  const booking = await findStoredBooking(db, { ref });
  if (!booking) throw new Error(`booking ${ref} vanished while it was shown`);
  return ownBookingView(db, booking, clock);
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

export function cancelByToken(db: Db, request: TokenRequest): Promise<TokenOutcome<Exclude<CancelOutcome, { kind: 'notFound' }>>> {
  return withCancelToken(db, request, async (lookup) => {
    const outcome = await cancelBooking(db, lookup, {
      who: { kind: 'borrower' },
      reason: messages.borrowerCancelReason,
      now: request.now,
      timeZone: request.timeZone,
    });
    return outcome.kind === 'notFound' ? undefined : outcome;
  });
}

/** The borrower's pickup or return, proved by the cancel secret and limited like its other uses. */
export function handoverByToken(
  db: Db,
  request: TokenRequest,
  handover: { event: 'pickup' | 'return' } & HandoverDetails,
  graceMinutes: number,
): Promise<TokenOutcome<Exclude<HandoverOutcome, { kind: 'notFound' }>>> {
  return withCancelToken(db, request, async (lookup) => {
    const outcome = await recordHandover(db, lookup, {
      ...handover,
      by: { kind: 'borrower', name: null },
      now: request.now,
      timeZone: request.timeZone,
      graceMinutes,
    });
    return outcome.kind === 'notFound' ? undefined : outcome;
  });
}
