import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FEED_REFRESH_SECONDS, feedWindow } from '../../domain/calendar-feed';
import { todayIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import { findActiveBookingsStartingBetween } from '../bookings/repository';
import type { AppContext } from '../context';
import { renderCalendar } from './icalendar';

/**
 * The bike's schedule as an iCalendar feed anyone can subscribe to: the availability page's
 * information (times, name, class) and nothing more. The body depends only on the bookings and
 * today, so its hash is the ETag and a calendar app's poll with If-None-Match costs a 304.
 */
export async function calendarRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.get('/kalender.ics', async (request, reply) => {
    const { from, to } = feedWindow(todayIn(config.timeZone, now()));
    const bookings = await findActiveBookingsStartingBetween(db.kysely, from, to);
    const body = renderCalendar({
      name: messages.calendarFeedName,
      timeZone: config.timeZone,
      refreshSeconds: FEED_REFRESH_SECONDS,
      bookings: bookings.map((booking) => ({ ...booking, summary: messages.calendarFeedEventSummary(booking.name, booking.class) })),
    });
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', `public, max-age=${FEED_REFRESH_SECONDS / 4}`);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
}

/** If-None-Match may list several tags, weak or strong; any one equal to ours means unchanged. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
