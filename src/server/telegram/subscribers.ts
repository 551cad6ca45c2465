import type { Executor } from '../../db/executor';
import { cancellerLabel } from '../../domain/booking/cancellation';
import { cancelledText } from '../../domain/chat/borrower-bot';
import type { BookingCancelled, BookingCreated, HandoverRecorded } from '../events/events';
import { enqueueToBookingChats } from './borrower/notify';
import {
  enqueueBookingNotice,
  enqueueCancellationNotice,
  enqueueCancelledNoticeEdit,
  enqueueHandoverEdits,
  enqueueKeyboardEdit,
  enqueueKmQuestion,
  enqueueReplyEdit,
  findBookingNotice,
  withdrawReminder,
} from './outbox/notices';

function cancellerOf(event: BookingCancelled): string {
  return cancellerLabel(event.by.kind, event.by.kind === 'admin' ? event.by.name : null);
}

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
  await enqueueCancellationNotice(trx, notice, event.at);
}

export async function withdrawOwnerReminder(trx: Executor, event: BookingCancelled): Promise<void> {
  await withdrawReminder(trx, event.booking.ref, event.at);
}

/** The borrower's linked chats hear of a cancellation they did not make themselves (issue 26). */
export async function tellBorrowerOfCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.by.kind === 'borrower') return;
  const text = cancelledText(event.booking, cancellerOf(event), event.reason);
  await enqueueToBookingChats(trx, event.booking, `cancelled:${event.booking.ref}`, text, event.at);
}

/** The owner's `Ya` under a notice: that notice says the booking is cancelled and loses its buttons. */
export async function showCancellationUnderNotice(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.cause.kind !== 'ownerPress') return;
  const { messageId, updateKey } = event.cause;
  const notice = await findBookingNotice(trx, event.booking.ref);
  if (notice) await enqueueCancelledNoticeEdit(trx, { messageId, notice }, updateKey, event.at);
  else await enqueueKeyboardEdit(trx, { messageId, ref: event.booking.ref, keyboard: 'none' }, updateKey, event.at);
}

/** Every message already sent about the booking shows what is recorded, whoever recorded it. */
export async function showHandoverInMessages(trx: Executor, event: HandoverRecorded): Promise<void> {
  await enqueueHandoverEdits(trx, event.booking, event.timeZone, event.corrected ? event.recordedAt : event.at);
}

/** An owner's button: a command's reply shows the record, and a return asks the kilometres. */
export async function answerOwnerPress(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (event.cause.kind !== 'ownerPress') return;
  const { message } = event.cause;
  if (message.role === undefined) await enqueueReplyEdit(trx, message, event.booking, event.timeZone, event.recordedAt);
  if (event.event === 'return') await enqueueKmQuestion(trx, event.booking.ref, event.recordedAt);
}
