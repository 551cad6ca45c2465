import type { FastifyInstance } from 'fastify';
import { createBookingRequestSchema, listBookingsQuerySchema } from '../../domain/booking-schemas';
import { todayIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { parseOrThrow } from '../http-errors';
import { BookingSaveError, createBooking, listBookingsOn } from './service';
import { BookingWriter } from './writer';

export async function bookingRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const writer = new BookingWriter(db);

  /** One date's bookings for the availability page; never user ids or reasons. */
  app.get('/api/bookings', async (request, reply) => {
    const { date } = parseOrThrow(listBookingsQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store');
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
