import type { Executor } from '../../db/executor';
import { cancelledText } from '../../domain/chat/borrower-bot';
import { cancellerOf } from '../bookings/canceller';
import type { BookingCancelled } from '../events/events';
import { enqueueToBookingChats } from './notify';

/** The borrower's linked chats hear of a cancellation they did not make themselves (issue 26). */
export async function tellBorrowerOfCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.by.kind === 'borrower') return;
  const text = cancelledText(event.booking, cancellerOf(event), event.reason);
  await enqueueToBookingChats(trx, event.booking, `cancelled:${event.booking.ref}`, text, event.at);
}
