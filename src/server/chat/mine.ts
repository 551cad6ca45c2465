import type { Executor } from '../../db/executor';
import { mineText } from '../../domain/chat/borrower-bot';
import type { LocalMoment } from '../../domain/time/moment';
import { findStoredBooking } from '../bookings/service';
import { findShownBikeNameOfBooking } from '../motor/bike-names';
import { findChatBookingRefs } from './repository';

/** `/saya`: the chat's bookings not cancelled whose end is still to come, each with its bike when bikes are named. */
export async function mineReply(db: Executor, chatId: string, now: LocalMoment): Promise<string> {
  const current = `${now.date} ${now.time}`;
  const coming = [];
  for (const ref of await findChatBookingRefs(db, chatId)) {
    const booking = await findStoredBooking(db, { ref });
    if (booking && `${booking.endDate} ${booking.end}` > current)
      coming.push({ ...booking, motor: await findShownBikeNameOfBooking(db, booking.id) });
  }
  return mineText(coming);
}
