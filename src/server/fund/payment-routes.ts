import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { adminMessages } from '../../domain/admin/admin-messages';
import { howToPayRequestSchema, qrisUploadSchema } from '../../domain/schemas/fund';
import { cancelTokenRequestSchema } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { adminSession } from '../admin/guard';
import { findBookingByToken } from '../bookings/cancel/token-lookup';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { claimPaid, decidePendingClaim } from './claims';
import { MAX_QRIS_UPLOAD_BYTES, qrisPicture, removeQris, storeQris, updateHowToPay } from './how-to-pay';
import type { FundWriteOutcome } from './service';

const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** How students pay: `Cara bayar` with its QRIS picture, `Saya sudah bayar` and the treasurer's answer to it. */
export async function paymentRoutes(
  app: FastifyInstance,
  { config, db, now }: AppContext,
  {
    requireAdmin,
    answer,
  }: { requireAdmin: preHandlerAsyncHookHandler; answer: (outcome: FundWriteOutcome, notFound: string) => { ok: true; message: string } },
): Promise<void> {
  const clock = () => ({ now: now(), timeZone: config.timeZone });
  const labels = adminMessages.fund;

  // `Saya sudah bayar` on the card: proved by the booking's cancel secret, in the body as its other uses (0036).
  app.post('/api/bookings/charge-paid', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { token } = parseOrThrow(cancelTokenRequestSchema, request.body);
    const at = now();
    const found = await findBookingByToken(db, { token, ip: request.ip, now: at, timeZone: config.timeZone });
    if (found.kind === 'unknown') throw new HttpError(404, messages.cancelLinkInvalid);
    if (found.kind === 'rate-limited') {
      throw new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(found.retryAfterMs)), undefined, {
        'Retry-After': String(Math.ceil(found.retryAfterMs / 1000)),
      });
    }
    const outcome = await claimPaid(db, found.value.id, at);
    if (outcome.kind === 'refused') throw new HttpError(409, outcome.message);
    return { ok: true, message: outcome.message };
  });

  for (const [action, decision] of [
    ['confirm', 'confirmed'],
    ['refuse', 'refused'],
  ] as const) {
    app.post(`/api/admin/kas/claims/:id/${action}`, { preHandler: requireAdmin }, async (request) => {
      const { id } = parseOrThrow(idParamsSchema, request.params);
      return answer(await decidePendingClaim(db, adminSession(request).admin, id, decision, clock()), labels.claimNotFound);
    });
  }

  app.put('/api/admin/kas/cara-bayar', { preHandler: requireAdmin }, async (request) => {
    const info = parseOrThrow(howToPayRequestSchema, request.body);
    await updateHowToPay(db.kysely, adminSession(request).admin, info, now());
    return { ok: true, message: labels.howToPaySaved };
  });

  // Base64 of a phone photo, so past the app's usual body limit; the service refuses more than MAX_QRIS_UPLOAD_BYTES decoded.
  app.put(
    '/api/admin/kas/cara-bayar/qris',
    { preHandler: requireAdmin, bodyLimit: Math.ceil(MAX_QRIS_UPLOAD_BYTES * 1.4) },
    async (request) => {
      const { image } = parseOrThrow(qrisUploadSchema, request.body);
      const outcome = await storeQris(db.kysely, adminSession(request).admin, Buffer.from(image, 'base64'), now());
      if (outcome.kind === 'unreadable') throw new HttpError(400, messages.invalidBody, { image: labels.qrisUnreadable });
      if (outcome.kind === 'noHowToPay') throw new HttpError(409, labels.qrisNeedsHowToPay);
      return { ok: true, message: labels.qrisSaved };
    },
  );

  app.delete('/api/admin/kas/cara-bayar/qris', { preHandler: requireAdmin }, async (request) => {
    await removeQris(db.kysely, adminSession(request).admin, now());
    return { ok: true, message: labels.qrisRemoved };
  });

  // Public like the charge it stands under: anyone who may pay the class fund may see where to.
  app.get('/api/kas/qris.png', async (_request, reply) => {
    const png = await qrisPicture(db.kysely);
    if (png === null) throw new HttpError(404, labels.qrisNone);
    return reply.header('Content-Type', 'image/png').header('Cache-Control', 'no-cache').send(png);
  });
}
