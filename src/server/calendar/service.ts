import type { Db } from '../../db/database';
import { FEED_REFRESH_SECONDS, feedWindow } from '../../domain/booking/calendar-feed';
import { messages } from '../../domain/text/messages';
import { renderCalendar } from './icalendar';
import { findActiveBookingsStartingBetween } from './repository';

/** Anyone may subscribe: the availability page's information (times, name, class) and nothing more. */
export async function calendarFeed(db: Db, timeZone: string, today: string): Promise<string> {
  const { from, to } = feedWindow(today);
  const bookings = await findActiveBookingsStartingBetween(db.kysely, from, to);
  return renderCalendar({
    name: messages.calendarFeedName,
    timeZone,
    refreshSeconds: FEED_REFRESH_SECONDS,
    bookings: bookings.map((booking) => ({ ...booking, summary: messages.calendarFeedEventSummary(booking.name, booking.class) })),
  });
}
