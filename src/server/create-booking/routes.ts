import type { FastifyInstance } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { createBookingRequestSchema } from '../../domain/schemas/booking-requests';
import { messages } from '../../domain/text/messages';
import { todayIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { findStorageFault, STORAGE_RETRY_AFTER_SECONDS, storageHealthOf } from '../health/storage-health';
import { parseOrThrow } from '../http/http-errors';
import { readIdempotencyKey } from '../http/idempotent-write';
import { BookingSaveError, type BookingService } from './service';

export async function bookingRoutes(app: FastifyInstance, { context, bookings }: { context: AppContext; bookings: BookingService }) {
  const { config, db, now } = context;

  app.post('/api/bookings', async (request, reply) => {
    const input = parseOrThrow(createBookingRequestSchema, request.body);
    const idempotencyKey = readIdempotencyKey(request);
    reply.header('Cache-Control', 'no-store');
    const at = now();
    try {
      const outcome = await bookings.create({ input, ip: request.ip, idempotencyKey, today: todayIn(config.timeZone, at), now: at });
      switch (outcome.kind) {
        case 'created':
          return reply.status(201).send({ booking: outcome.booking, cancelToken: outcome.cancelToken });
        case 'replayed':
          return reply.status(outcome.status).send(outcome.body);
        case 'rejected':
          return reply.status(422).send({ errors: outcome.errors });
        case 'key-reused':
          return reply.status(422).send({ message: messages.idempotencyKeyReused });
        case 'limited':
          reply.header('Retry-After', String(Math.ceil(outcome.retryAfterMs / 1000)));
          return reply.status(429).send({ message: messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)) });
        case 'busy':
          reply.header('Retry-After', '1');
          return reply.status(503).send({ message: messages.serverBusy });
      }
    } catch (error) {
      if (!(error instanceof BookingSaveError)) throw error;
      const fault = findStorageFault(error.cause);
      if (fault) {
        storageHealthOf(db).report(fault, error.cause, request.log);
        reply.header('Retry-After', String(STORAGE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ message: messages.storageTrouble });
      }
      request.log.error({ err: error.cause }, 'booking insert failed');
      return reply.status(500).send({ message: messages.saveFailed });
    }
  });
}
