import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveBookingRange } from '../../domain/booking/booking-range';
import { bookingRangeQuerySchema, cancelBookingRequestSchema } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { todayIn } from '../../domain/time/clock';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { checkedRequest } from '../http/checked-request';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { cancelByAdmin, exportBookingsCsv, listAdminBookings } from './service';

const refParamsSchema = z.object({ ref: z.string().max(64) });

export async function adminBookingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  function rangeOf(request: FastifyRequest): { from: string; to: string; state?: 'late' | undefined; motor?: number | undefined } {
    const query = parseOrThrow(bookingRangeQuerySchema, request.query);
    const range = resolveBookingRange(query, todayIn(config.timeZone, now()));
    if ('errors' in range) throw new HttpError(400, messages.invalidBody, range.errors);
    return { ...range, state: query.state, motor: query.motor };
  }
  const clock = () => ({ now: now(), timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes });

  app.get('/api/admin/bookings', { ...checkedRequest({ query: bookingRangeQuerySchema }), preHandler: requireAdmin }, async (request) => {
    const range = rangeOf(request);
    return { from: range.from, to: range.to, bookings: await listAdminBookings(db.kysely, range, clock()) };
  });

  app.get(
    '/api/admin/bookings.csv',
    { ...checkedRequest({ query: bookingRangeQuerySchema }), preHandler: requireAdmin },
    async (request, reply) => {
      const range = rangeOf(request);
      const { from, to } = range;
      const csv = await exportBookingsCsv(db.kysely, range, clock());
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="peminjaman-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.post('/api/admin/bookings/:ref/cancel', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const { reason } = parseOrThrow(cancelBookingRequestSchema, request.body);
    const outcome = await cancelByAdmin(db, adminSession(request).admin, ref, {
      reason,
      now: now(),
      timeZone: config.timeZone,
      graceMinutes: config.returnGraceMinutes,
    });
    if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message);
    return { message: outcome.message, booking: outcome.booking };
  });
}
