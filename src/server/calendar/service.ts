import type { Db } from '../../db/database';
import { FEED_REFRESH_SECONDS, feedWindow } from '../../domain/booking/calendar-feed';
import { messages } from '../../domain/text/messages';
import { bikeExists, findShownBikeNames } from '../motor/bike-names';
import { renderCalendar } from './icalendar';
import { findActiveBookingsStartingBetween } from './repository';

/**
 * Anyone may subscribe: the availability page's information (times, name, class) and nothing more; with two or more active
 * bikes each event's location is its bike (0060). `motorbikeId`: one bike's feed; undefined when no such bike exists.
 */
export async function calendarFeed(db: Db, timeZone: string, today: string, motorbikeId?: number): Promise<string | undefined> {
  if (motorbikeId !== undefined && !(await bikeExists(db.kysely, motorbikeId))) return undefined;
  const { from, to } = feedWindow(today);
  const [bookings, bikeNames] = await Promise.all([
    findActiveBookingsStartingBetween(db.kysely, from, to, motorbikeId),
    findShownBikeNames(db.kysely),
  ]);
  return renderCalendar({
    name: messages.calendarFeedName,
    timeZone,
    refreshSeconds: FEED_REFRESH_SECONDS,
    bookings: bookings.map((booking) => {
      const location = bikeNames?.get(booking.motorbikeId);
      return {
        ...booking,
        summary: messages.calendarFeedEventSummary(booking.name, booking.class),
        ...(location !== undefined && { location }),
      };
    }),
  });
}
