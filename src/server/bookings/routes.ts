import type { FastifyInstance } from 'fastify';
import { createBookingRequestSchema, listBookingsQuerySchema, listBookingsRangeQuerySchema } from '../../domain/booking-schemas';
import { todayIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { parseOrThrow } from '../http-errors';
import { BookingSaveError, createBooking, listBookingsBetween, listBookingsOn } from './service';
import { BookingWriter } from './writer';

export async function bookingRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const writer = new BookingWriter(db);

  /**
   * One date's bookings (`?date=`), or each date's from `from` to `to` (`?from=&to=`, the
   * availability page's week in one request); never user ids or reasons.
   */
  app.get('/api/bookings', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    reply.header('Cache-Control', 'no-store');
    if ('from' in query || 'to' in query) {
      const { from, to } = parseOrThrow(listBookingsRangeQuerySchema, query);
      return { from, to, days: await listBookingsBetween(db.kysely, from, to) };
    }
    const { date } = parseOrThrow(listBookingsQuerySchema, query);
    return { date, bookings: await listBookingsOn(db.kysely, date) };
  });

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
