import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import {
  createPeriodRequestSchema,
  editPeriodRequestSchema,
  periodChangeSchema,
  periodRequestSchema,
} from '../../domain/schemas/out-of-service';
import { messages } from '../../domain/text/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import { withBookingLock } from '../bookings/booking-lock';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { idempotentAnswer } from '../http/idempotent-write';
import { findShownBikeNames } from '../motor/bike-names';
import {
  type CreateOutcome,
  checkPeriodEdit,
  type EditOutcome,
  editPeriod,
  endPeriod,
  findPeriodByRef,
  finishStartedPeriod,
  type PeriodBooking,
  periodsOverview,
  periodView,
  previewPeriod,
  startPeriodIn,
} from './service';

const refParamsSchema = z.object({ ref: z.string().max(64) });

function affectedView({ date, start, end, endDate, name, class: className }: PeriodBooking) {
  return { date, start, end, endDate, name, class: className };
}

function refusal(outcome: Exclude<CreateOutcome, { kind: 'created' }>): HttpError {
  return new HttpError(400, messages.invalidBody, outcome.errors);
}

function editRefusal(outcome: Exclude<EditOutcome, { kind: 'edited' }>): HttpError {
  if (outcome.kind === 'notFound') return new HttpError(404, outOfServiceMessages.notFound);
  if (outcome.kind === 'over') return new HttpError(409, outOfServiceMessages.editEnded);
  return new HttpError(
    outcome.status,
    outcome.status === 422 ? (outcome.errors.until ?? messages.invalidBody) : messages.invalidBody,
    outcome.errors,
  );
}

/** The `Motor` tab's `Tidak tersedia` periods (issue 27). */
export async function outOfServiceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);
  const clock = () => ({ now: now(), timeZone: config.timeZone });
  const actor = (request: Parameters<typeof adminSession>[0]) => {
    const { admin } = adminSession(request);
    return { kind: 'admin' as const, userId: admin.id, name: admin.name };
  };

  app.get('/api/admin/out-of-service', { preHandler: requireAdmin }, async () => periodsOverview(db.kysely, clock()));

  // Before the admin confirms: the bookings the period would hit.
  app.post('/api/admin/out-of-service/preview', { preHandler: requireAdmin }, async (request) => {
    const outcome = await previewPeriod(db.kysely, parseOrThrow(periodRequestSchema, request.body));
    if (outcome.kind !== 'ok') throw refusal(outcome);
    return { affected: outcome.affected.map(affectedView) };
  });

  app.post('/api/admin/out-of-service', { preHandler: requireAdmin }, async (request, reply) => {
    const { period, decision } = parseOrThrow(createPeriodRequestSchema, request.body);
    const by = actor(request);
    // The key is stored with the period's commit; `Batalkan semua` runs after it, again on a replay (it is safe to).
    const { body } = await idempotentAnswer(
      db,
      request,
      now(),
      async (trx) => {
        const started = await startPeriodIn(trx, { period, by, decision }, clock());
        if (started.kind !== 'ok') throw refusal(started);
        return { status: 201, body: { ref: started.period.ref } };
      },
      (write) => withBookingLock(db, write),
    );
    const stored = await findPeriodByRef(db.kysely, (body as { ref: string }).ref);
    if (!stored) throw new Error('a period stored under an idempotency key vanished');
    const outcome = await finishStartedPeriod(db, stored, { by, decision }, clock());
    reply.status(201).header('Cache-Control', 'no-store');
    const counts = { cancelled: outcome.cancelled.length, warned: outcome.warned.length };
    return { period: periodView(outcome.period, counts, clock(), await findShownBikeNames(db.kysely)) };
  });

  // `Motor sudah siap`: ends the period at this minute.
  app.post('/api/admin/out-of-service/:ref/end', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const outcome = await endPeriod(db, ref, actor(request), clock());
    if (outcome.kind === 'notFound') throw new HttpError(404, outOfServiceMessages.notFound);
    if (outcome.kind === 'alreadyEnded') throw new HttpError(409, outOfServiceMessages.alreadyEnded);
    return { period: periodView(outcome.period, undefined, clock(), await findShownBikeNames(db.kysely)) };
  });

  // `Ubah`, before the admin confirms: the bookings the change brings inside.
  app.post('/api/admin/out-of-service/:ref/preview', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const outcome = await checkPeriodEdit(db.kysely, ref, parseOrThrow(periodChangeSchema, request.body), clock());
    if (outcome.kind !== 'ok') throw editRefusal(outcome);
    return { affected: outcome.affected.map(affectedView) };
  });

  app.put('/api/admin/out-of-service/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const { change, decision } = parseOrThrow(editPeriodRequestSchema, request.body);
    const outcome = await editPeriod(db, { ref, change, by: actor(request), decision }, clock());
    if (outcome.kind !== 'edited') throw editRefusal(outcome);
    const counts = { cancelled: outcome.cancelled.length, warned: outcome.warned.length };
    const now = (treated: PeriodBooking[]) => outcome.affected.filter((booking) => treated.some((t) => t.id === booking.id)).length;
    const period = periodView(outcome.period, counts, clock(), await findShownBikeNames(db.kysely));
    return { period, cancelled: now(outcome.cancelled), warned: now(outcome.warned) };
  });
}
