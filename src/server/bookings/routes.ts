import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBookingRequestSchema } from '../../domain/booking-schemas';
import { todayIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { parseOrThrow } from '../http-errors';
import { scheduleAnswer } from './schedule';
import { type CachedAnswer, matchesIfNoneMatch } from './schedule-cache';
import { BookingSaveError, createBooking } from './service';
import { BookingWriter } from './writer';

export async function bookingRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const writer = new BookingWriter(db);

  /** One date's bookings, or a range's (the availability page's week); never user ids or reasons. */
  app.get('/api/bookings', async (request, reply) => sendSchedule(request, reply, await scheduleAnswer(db, request.url, request.query)));

  app.post('/api/bookings', async (request, reply) => {
    const input = parseOrThrow(createBookingRequestSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    const at = now();
    try {
      const result = await createBooking(writer, input, todayIn(config.timeZone, at), at);
      if ('errors' in result) return reply.status(422).send({ errors: result.errors });
      return reply.status(201).send({ booking: result.booking, cancelToken: result.cancelToken });
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
