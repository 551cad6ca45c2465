import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { type Canceller, type CancelRefusal, findCancelRefusal } from '../../../domain/booking/cancellation';
import { localMomentIn } from '../../../domain/time/clock';
import { emit } from '../../events/bus';
import type { CancelCause } from '../../events/events';
import { withBookingLock } from '../booking-lock';
import { type BookingLookup, findStoredBooking, markBookingCancelled, returnVoucher, type StoredBooking } from './repository';

export interface CancelRequest {
  who: Canceller;
  reason: string;
  now: Date;
  timeZone: string;
  /** Why, beyond who: the subscribers of `bookingCancelled` decide from it whom to tell. */
  cause?: CancelCause;
}

export type CancelOutcome =
  | { kind: 'cancelled'; booking: StoredBooking; voucherReturned: string | null }
  | { kind: 'refused'; refusal: CancelRefusal; booking: StoredBooking }
  | { kind: 'notFound' };

/**
 * The one way a booking is cancelled: under the booking lock, so a cancel and a booking of the freed
 * slot cannot interleave. What follows from it (messages, reminders, the charge) is the subscribers' part.
 */
export async function cancelBooking(db: Db, lookup: BookingLookup, request: CancelRequest): Promise<CancelOutcome> {
  return withBookingLock(db, async (trx) => {
    const booking = await findStoredBooking(trx, lookup);
    if (!booking) return { kind: 'notFound' };
    const refusal = findCancelRefusal(booking, request.who, localMomentIn(request.timeZone, request.now));
    if (refusal) return { kind: 'refused', refusal, booking };

    const cancelledAt = request.now.toISOString();
    const reason = request.reason.trim();
    const who = request.who;
    await markBookingCancelled(trx, booking.id, {
      cancelledAt,
      kind: who.kind,
      userId: who.kind === 'admin' ? who.userId : null,
      reason,
    });
    if (booking.voucherCode !== null) await returnVoucher(trx, booking.voucherCode);
    await emit(trx, {
      type: 'bookingCancelled',
      booking,
      by: who,
      reason,
      cause: request.cause ?? { kind: 'request' },
      at: request.now,
      timeZone: request.timeZone,
    });
    return { kind: 'cancelled', booking: { ...booking, cancelledAt }, voucherReturned: booking.voucherCode };
  });
}

export function findBookingToCancel(db: Executor, lookup: BookingLookup): Promise<StoredBooking | undefined> {
  return findStoredBooking(db, lookup);
}
