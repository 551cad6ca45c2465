import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type CancellerKind, cancellerLabel } from '../../domain/booking/cancellation';
import { decisionTexts } from '../../domain/chat/borrower-bot';
import { namesBikes } from '../../domain/motor/bikes';
import type { ShownBike } from '../../domain/schemas/bookings';
import type { LoanCharge } from '../../domain/schemas/charge';
import type { OwnHandover } from '../../domain/schemas/handover';
import { type OwnBooking, ownBookingStatus } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import { type CancelOutcome, cancelBooking } from '../bookings/cancel/service';
import { type TokenOutcome, type TokenRequest, withCancelToken } from '../bookings/cancel/token-lookup';
import { findStoredBooking, type StoredBooking } from '../bookings/service';
import { ownCharge } from '../fund/service';
import { findHandoverBooking, type HandoverDetails, type HandoverOutcome, ownHandover, recordHandover } from '../handover/service';
import { findBikes } from '../motor/service';
import { outOfServiceNotice } from '../out-of-service/back-in-service';
import { findBikeOfBooking } from './repository';

type OwnParts = { handover: OwnHandover; charge: LoanCharge | null; motor: ShownBike | undefined };

function toOwnBooking(booking: StoredBooking, now: Date, timeZone: string, { handover, charge, motor }: OwnParts): OwnBooking {
  return {
    ...(motor && { motor }),
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

async function bikeOf(db: Executor, bookingId: number): Promise<ShownBike | undefined> {
  return namesBikes(await findBikes(db)) ? findBikeOfBooking(db, bookingId) : undefined;
}

export async function ownBookingView(db: Executor, booking: StoredBooking, clock: Clock & { graceMinutes: number }): Promise<OwnBooking> {
  const handover = await ownHandover(db, booking.ref, clock);
  if (!handover) throw new Error(`booking ${booking.ref} vanished while it was shown`);
  const charge = (await ownCharge(db, booking.id)) ?? null;
  return toOwnBooking(booking, clock.now, clock.timeZone, { handover, charge, motor: await bikeOf(db, booking.id) });
}

export async function ownBookingByRef(db: Executor, ref: string, clock: Clock & { graceMinutes: number }): Promise<OwnBooking> {
  const booking = await findStoredBooking(db, { ref });
  if (!booking) throw new Error(`booking ${ref} vanished while it was shown`);
  return ownBookingView(db, booking, clock);
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

/** The card's notice (issue 38): a release names the booked time; else the periods' word (kept inside one, or offered again once back). */
export async function withNotice(db: Executor, booking: StoredBooking, own: OwnBooking, clock: Clock): Promise<OwnBooking> {
  if (own.handover.stage === 'released') {
    const handover = await findHandoverBooking(db, { ref: booking.ref });
    const booked = { date: booking.date, start: booking.start, end: handover?.bookedEnd.end ?? booking.end };
    return { ...own, notice: { text: decisionTexts.released(booked) } };
  }
  const cancelled = own.status === 'cancelled';
  const notice = await outOfServiceNotice(db, { ...booking, cancelled }, localMomentIn(clock.timeZone, clock.now));
  return notice ? { ...own, notice } : own;
}
