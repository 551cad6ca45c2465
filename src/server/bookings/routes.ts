import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBookingRequestSchema, listBookingsQuerySchema, listBookingsRangeQuerySchema } from '../../domain/booking-schemas';
import { todayIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { parseOrThrow } from '../http-errors';
import { type CachedAnswer, matchesIfNoneMatch, ScheduleCache } from './schedule-cache';
import { readScheduleVersion } from './schedule-version';
import { BookingSaveError, createBooking, listBookingsBetween, listBookingsOn } from './service';
import { BookingWriter } from './writer';

export async function bookingRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const writer = new BookingWriter(db);
  const schedule = new ScheduleCache(() => readScheduleVersion(db.kysely));

  /**
   * One date's bookings (`?date=`), or each date's from `from` to `to` (`?from=&to=`, the
   * availability page's week in one request); never user ids or reasons. Kept by the exact URL,
   * so a kept answer skips even the query's validation (a URL is kept only once it passed).
   */
  app.get('/api/bookings', async (request, reply) => {
    const answer = await schedule.answer(request.url, async () => {
      const query = request.query as Record<string, unknown>;
      if ('from' in query || 'to' in query) {
        const { from, to } = parseOrThrow(listBookingsRangeQuerySchema, query);
        return { from, to, days: await listBookingsBetween(db.kysely, from, to) };
      }
      const { date } = parseOrThrow(listBookingsQuerySchema, query);
      return { date, bookings: await listBookingsOn(db.kysely, date) };
    });
    return sendSchedule(request, reply, answer);
  });

  app.post('/api/bookings', async (request, reply) => {
    const input = parseOrThrow(createBookingRequestSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    const at = now();
    try {
      const result = await createBooking(writer, input, todayIn(config.timeZone, at), at);
      if ('errors' in result) return reply.status(422).send({ errors: result.errors });
      return reply.status(201).send({ booking: result.booking });
    } catch (error) {
      if (!(error instanceof BookingSaveError)) throw error;
      request.log.error({ err: error.cause }, 'booking insert failed');
      return reply.status(500).send({ message: messages.saveFailed });
    }
  });
}

/** A phone that refreshes the schedule every minute gets `304` and no body while nothing changed. */
function sendSchedule(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
