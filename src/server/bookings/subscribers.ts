import type { Executor } from '../../db/executor';
import type { BookingCancelled, BookingCreated } from '../events/events';
import { cancellerOf } from './canceller';
import {
  enqueueBookingNotice,
  enqueueCancellationNotice,
  enqueueCancelledNoticeEdit,
  enqueueKeyboardEdit,
  findBookingNotice,
  withdrawReminder,
} from './owner-notice';

/** In the booking's transaction, so the notice exists exactly when the booking does. */
export async function tellOwnerOfBooking(trx: Executor, { booking, at }: BookingCreated): Promise<void> {
  const { name, class: className, date, start, end, endDate, reason, needStnk, voucherCode, purpose, ref } = booking;
  await enqueueBookingNotice(trx, { name, class: className, date, start, end, endDate, reason, needStnk, voucherCode, purpose, ref }, at);
}

/** A period's `Batalkan semua` tells the owner once with the count instead (out-of-service/service.ts). */
export async function tellOwnerOfCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.cause.kind === 'period') return;
  const { name, class: className, date, start, end, endDate } = event.booking;
  const notice = { name, class: className, date, start, end, endDate, cancelledBy: cancellerOf(event), cancelReason: event.reason };
  await enqueueCancellationNotice(trx, notice, event.booking.ref, event.at);
}

export async function withdrawOwnerReminder(trx: Executor, event: BookingCancelled): Promise<void> {
  await withdrawReminder(trx, event.booking.ref, event.at);
}

/** The owner's `Ya` under a notice: that notice says the booking is cancelled and loses its buttons. */
export async function showCancellationUnderNotice(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.cause.kind !== 'ownerPress') return;
  const { messageId, updateKey } = event.cause;
  const notice = await findBookingNotice(trx, event.booking.ref);
  if (notice) await enqueueCancelledNoticeEdit(trx, { messageId, notice }, { ref: event.booking.ref, dedupeKey: updateKey }, event.at);
  else await enqueueKeyboardEdit(trx, { messageId, ref: event.booking.ref, keyboard: 'none' }, updateKey, event.at);
}
