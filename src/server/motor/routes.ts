import type { FastifyInstance } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { motorSettingsRequestSchema } from '../../domain/motor/key-place';
import { cancelTokenRequestSchema } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import { findBookingByToken } from '../bookings/cancel/token-lookup';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { bikeAdminRoutes } from './bikes-routes';
import { findBookingKeyInfo, findKeyInfo, saveKeyPlaceByAdmin } from './service';

/** The Motor tab's `Tempat ambil kunci` and `Kontak pemilik` (0051), and its bikes (0060). */
export async function motorAdminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.get('/api/admin/motor/key', { preHandler: requireAdmin }, async () => ({ keyInfo: await findKeyInfo(db.kysely) }));

  app.put('/api/admin/motor/key', { preHandler: requireAdmin }, async (request) => {
    const edit = parseOrThrow(motorSettingsRequestSchema, request.body);
    return { keyInfo: await saveKeyPlaceByAdmin(db, adminSession(request).admin, edit, now()) };
  });
  bikeAdminRoutes(app, context, requireAdmin);
}

/** Only for whoever holds a booking's cancel secret, counted against its guess limit: the owner's number is not for every visitor. */
export async function motorKeyRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.post('/api/motor/key', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { token } = parseOrThrow(cancelTokenRequestSchema, request.body);
    const outcome = await findBookingByToken(db, { token, ip: request.ip, now: now(), timeZone: config.timeZone });
    if (outcome.kind === 'unknown') throw new HttpError(404, messages.cancelLinkInvalid);
    if (outcome.kind === 'rate-limited')
      throw new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)), undefined, {
        'Retry-After': String(Math.ceil(outcome.retryAfterMs / 1000)),
      });
    return { keyInfo: await findBookingKeyInfo(db.kysely, outcome.value.id) };
  });
}
