import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { type Canceller, type CancelRefusal, cancellerLabel, findCancelRefusal } from '../../../domain/cancellation';
import { localMomentIn } from '../../../domain/clock';
import { enqueueCancellationNotice, withdrawReminder } from '../../telegram/outbox/notices';
import { withBookingLock } from '../booking-lock';
import { type BookingLookup, findStoredBooking, markBookingCancelled, returnVoucher, type StoredBooking } from './repository';

export interface CancelRequest {
  who: Canceller;
  /** Why, as the canceller wrote it (trimmed here); the owner reads it. */
  reason: string;
  now: Date;
  timeZone: string;
}

export type CancelOutcome =
  | { kind: 'cancelled'; booking: StoredBooking; voucherReturned: string | null }
  | { kind: 'refused'; refusal: CancelRefusal; booking: StoredBooking }
  | { kind: 'notFound' };

/** Work a caller must do in the cancelling transaction itself, such as the admin's audit entry. */
export type AlsoInTransaction = (trx: Executor, booking: StoredBooking) => Promise<void>;

/**
 * The one way a booking is cancelled, whoever asks. Under the booking lock, so a cancel and a
 * booking of the freed slot cannot interleave: the booking is marked cancelled (never deleted),
 * its voucher becomes usable again, and the owner's notice is queued, all in one transaction.
 * Cancelling twice changes nothing the second time ('alreadyCancelled').
 */
export async function cancelBooking(
  db: Db,
  lookup: BookingLookup,
  request: CancelRequest,
  alsoInTransaction?: AlsoInTransaction,
): Promise<CancelOutcome> {
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
    await enqueueCancellationNotice(
      trx,
      {
        name: booking.name,
        class: booking.class,
        date: booking.date,
        start: booking.start,
        end: booking.end,
        endDate: booking.endDate,
        cancelledBy: cancellerLabel(who.kind, who.kind === 'admin' ? who.name : null),
        cancelReason: reason,
      },
      request.now,
    );
    await withdrawReminder(trx, booking.ref, request.now);
    await alsoInTransaction?.(trx, booking);
    return { kind: 'cancelled', booking: { ...booking, cancelledAt }, voucherReturned: booking.voucherCode };
  });
}

/** The booking a ref or cancel secret names, as cancelling sees it; undefined when none does. */
export function findBookingToCancel(db: Executor, lookup: BookingLookup): Promise<StoredBooking | undefined> {
  return findStoredBooking(db, lookup);
}
