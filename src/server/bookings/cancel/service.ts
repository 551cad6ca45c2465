import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { type Canceller, type CancelRefusal, cancellerLabel, findCancelRefusal } from '../../../domain/booking/cancellation';
import { cancelledText } from '../../../domain/chat/borrower-bot';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../../domain/handover/handover';
import { localMomentIn } from '../../../domain/time/clock';
import { settleCharge } from '../../fund/charges';
import { enqueueToBookingChats } from '../../telegram/borrower/notify';
import { enqueueCancellationNotice, withdrawReminder } from '../../telegram/outbox/notices';
import { withBookingLock } from '../booking-lock';
import { type BookingLookup, findStoredBooking, markBookingCancelled, returnVoucher, type StoredBooking } from './repository';

export interface CancelRequest {
  who: Canceller;
  reason: string;
  now: Date;
  timeZone: string;
  /** False when the caller tells the owner once for many (a `Tidak tersedia` period's `Batalkan semua`). */
  tellOwner?: boolean;
}

export type CancelOutcome =
  | { kind: 'cancelled'; booking: StoredBooking; voucherReturned: string | null }
  | { kind: 'refused'; refusal: CancelRefusal; booking: StoredBooking }
  | { kind: 'notFound' };

export type AlsoInTransaction = (trx: Executor, booking: StoredBooking) => Promise<void>;

/** The one way a booking is cancelled: under the booking lock, so a cancel and a booking of the freed slot cannot interleave. */
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
    if (request.tellOwner !== false)
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
    // The borrower's linked chats hear of a cancellation they did not make themselves (issue 26).
    if (who.kind !== 'borrower') {
      const text = cancelledText(booking, cancellerLabel(who.kind, who.kind === 'admin' ? who.name : null), reason);
      await enqueueToBookingChats(trx, booking, `cancelled:${booking.ref}`, text, request.now);
    }
    // A cancelled loan costs nothing whatever the grace: a provisional charge goes to Rp0, its row kept.
    await settleCharge(trx, booking.id, { now: request.now, timeZone: request.timeZone, graceMinutes: DEFAULT_RETURN_GRACE_MINUTES });
    await alsoInTransaction?.(trx, booking);
    return { kind: 'cancelled', booking: { ...booking, cancelledAt }, voucherReturned: booking.voucherCode };
  });
}

export function findBookingToCancel(db: Executor, lookup: BookingLookup): Promise<StoredBooking | undefined> {
  return findStoredBooking(db, lookup);
}
