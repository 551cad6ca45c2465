import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { adminHandoverRequestSchema, motorbikeRequestSchema } from '../../domain/schemas/handover';
import { messages } from '../../domain/text/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { bikeExists } from '../motor/bike-names';
import { bikeNameTaken } from '../motor/bikes-service';
import { wallClockInstant } from '../wall-clock';
import { adminHandoverOf, editMotorbikeByAdmin, motorbikeOverview, recordOrCorrectByAdmin } from './service';

const refParamsSchema = z.object({ ref: z.string().max(64) });
const bikeQuerySchema = z.object({ motor: z.coerce.number().int().positive().optional() });

export async function handoverAdminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);
  const clock = () => ({ now: now(), timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes });

  // Records an event at the given wall-clock time, or corrects one already recorded (audited either way).
  app.post('/api/admin/bookings/:ref/handover', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const { date, time, ...details } = parseOrThrow(adminHandoverRequestSchema, request.body);
    const at = wallClockInstant(date, time, config.timeZone);
    const outcome = await recordOrCorrectByAdmin(
      db,
      adminSession(request).admin,
      ref,
      {
        ...details,
        now: new Date(at.getTime()),
        timeZone: config.timeZone,
        graceMinutes: config.returnGraceMinutes,
      },
      now(),
    );
    if (outcome.kind === 'notFound') throw new HttpError(404, messages.bookingNotFound);
    if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message ?? messages.invalidBody, outcome.errors);
    if (outcome.kind === 'refused' || outcome.kind === 'already') throw new HttpError(409, outcome.message);
    return { handover: adminHandoverOf(outcome.booking, clock()) };
  });

  async function bikeOf(query: unknown): Promise<number | undefined> {
    const parsed = bikeQuerySchema.safeParse(query ?? {});
    if (!parsed.success || (parsed.data.motor !== undefined && !(await bikeExists(db.kysely, parsed.data.motor))))
      throw new HttpError(404, bikeMessages.notFound);
    return parsed.data.motor;
  }

  app.get('/api/admin/motor', { preHandler: requireAdmin }, async (request) =>
    motorbikeOverview(db.kysely, clock(), await bikeOf(request.query)),
  );

  app.put('/api/admin/motor', { preHandler: requireAdmin }, async (request) => {
    const motorbikeId = await bikeOf(request.query);
    const edit = parseOrThrow(motorbikeRequestSchema, request.body);
    if (await bikeNameTaken(db.kysely, edit.name, motorbikeId))
      throw new HttpError(422, messages.invalidBody, { name: bikeMessages.nameTaken });
    return { motorbike: await editMotorbikeByAdmin(db, adminSession(request).admin, edit, now(), motorbikeId) };
  });
}
