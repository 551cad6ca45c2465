import type { Executor } from '../../db/executor';
import { cancelledText } from '../../domain/chat/borrower-bot';
import { messages } from '../../domain/text/messages';
import { cancellerOf } from '../bookings/canceller';
import type { BookingCancelled, PeriodChanged, PeriodStarted } from '../events/events';
import { enqueueToBookingChats } from './notify';

/** The borrower's linked chats hear of a cancellation they did not make themselves (issue 26). */
export async function tellBorrowerOfCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.by.kind === 'borrower') return;
  const text = cancelledText(event.booking, cancellerOf(event), event.reason);
  await enqueueToBookingChats(trx, event.booking, `cancelled:${event.booking.ref}`, text, event.at);
}

/** The borrowers of the bookings `Biarkan` left inside a period: `Motor mungkin belum bisa dipakai: {alasan}.` */
export async function warnBorrowersOfPeriod(trx: Executor, { period, warned, at }: PeriodStarted | PeriodChanged): Promise<void> {
  const text = messages.outOfService.warning(period.reason);
  for (const booking of warned) await enqueueToBookingChats(trx, booking, `out-of-service-warned:${period.ref}:${booking.ref}`, text, at);
}
