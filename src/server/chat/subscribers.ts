import type { Executor } from '../../db/executor';
import { cancelledText, decisionTexts } from '../../domain/chat/borrower-bot';
import { cancellerOf } from '../bookings/canceller';
import type { BookingCancelled, HandoverRecorded, PeriodChanged, PeriodStarted } from '../events/events';
import { removeLoanButtons } from './loan-end';
import { enqueueToBookingChats } from './notify';

/** The borrower's linked chats hear of a cancellation they did not make themselves (issue 26). */
export async function tellBorrowerOfCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.by.kind === 'borrower') return;
  const text = cancelledText(event.booking, cancellerOf(event), event.reason);
  await enqueueToBookingChats(trx, event.booking, `cancelled:${event.booking.ref}`, text, event.at);
}

/** The borrowers of the bookings `Biarkan` left inside a period, each warning naming the booking (issue 38). */
export async function warnBorrowersOfPeriod(trx: Executor, { period, warned, at }: PeriodStarted | PeriodChanged): Promise<void> {
  for (const booking of warned) {
    const text = decisionTexts.kept(booking, period.reason);
    await enqueueToBookingChats(trx, booking, `out-of-service-warned:${period.ref}:${booking.ref}`, text, at);
  }
}

/** `Peminjamanmu {tanggal} {HH:MM}-{HH:MM} dilepas karena motor tidak diambil.`, named by its booked time (issue 38). */
export async function tellBorrowerOfRelease(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (event.type !== 'bookingReleased' || event.corrected) return;
  const { booking } = event;
  const text = decisionTexts.released({ date: booking.date, start: booking.start, end: booking.bookedEnd.end });
  await enqueueToBookingChats(trx, booking, `released:${booking.ref}`, text, event.at);
}

/** A loan returned, released or cancelled: its buttons in every chat go (issue 38). */
export async function removeButtonsOfEndedLoan(trx: Executor, event: HandoverRecorded | BookingCancelled): Promise<void> {
  if (event.type === 'loanPickedUp') return;
  await removeLoanButtons(trx, event.booking, event.type === 'bookingCancelled' ? event.at : event.recordedAt);
}
