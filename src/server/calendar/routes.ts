import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FEED_REFRESH_SECONDS } from '../../domain/booking/calendar-feed';
import { bikeNameMessages } from '../../domain/motor/bike-name-messages';
import { todayIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { HttpError } from '../http/http-errors';
import { matchesIfNoneMatch } from '../http/if-none-match';
import { calendarFeed } from './service';

/** `?motor={id}`: one bike's feed (0060); absent, every bike's. Other parameters (a calendar app's cache buster) are let be. */
const feedQuerySchema = z.object({
  motor: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .optional(),
});

const unknownBike = () => new HttpError(400, bikeNameMessages.unknownBike, { motor: bikeNameMessages.unknownBike });

function motorOf(query: unknown): number | undefined {
  const parsed = feedQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw unknownBike();
  return parsed.data.motor === undefined ? undefined : Number(parsed.data.motor);
}

// The body depends only on the bookings and today, so its hash is the ETag and a poll costs a 304.
export async function calendarRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.get('/kalender.ics', async (request, reply) => {
    const body = await calendarFeed(db, config.timeZone, todayIn(config.timeZone, now()), motorOf(request.query));
    if (body === undefined) throw unknownBike();
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', `public, max-age=${FEED_REFRESH_SECONDS / 4}`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
}
