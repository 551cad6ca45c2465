import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FEED_REFRESH_SECONDS } from '../../domain/booking/calendar-feed';
import { todayIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { matchesIfNoneMatch } from '../http/if-none-match';
import { calendarFeed } from './service';

// The body depends only on the bookings and today, so its hash is the ETag and a poll costs a 304.
export async function calendarRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.get('/kalender.ics', async (request, reply) => {
    const body = await calendarFeed(db, config.timeZone, todayIn(config.timeZone, now()));
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', `public, max-age=${FEED_REFRESH_SECONDS / 4}`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
}
