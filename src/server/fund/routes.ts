import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { adminMessages } from '../../domain/admin/admin-messages';
import {
  chargeChangeRequestSchema,
  correctionRequestSchema,
  duesQuerySchema,
  expenseRequestSchema,
  fundBookQuerySchema,
  fundCsvQuerySchema,
  howToPayRequestSchema,
  paymentRequestSchema,
  qrisUploadSchema,
} from '../../domain/schemas/fund';
import { cancelTokenRequestSchema } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { todayIn } from '../../domain/time/clock';
import { adminSession, createRequireAdmin } from '../admin/guard';
import { findBookingByToken } from '../bookings/cancel/token-lookup';
import type { AppContext } from '../context';
import { toCsv } from '../http/csv';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { claimPaid, decidePendingClaim } from './claims';
import { MAX_QRIS_UPLOAD_BYTES, removeQris, storeQris, updateHowToPay } from './how-to-pay';
import { findQrisPng } from './repository';
import {
  changeCharge,
  correctEntry,
  duesGrid,
  type FundWriteOutcome,
  fundBook,
  fundCsv,
  fundOverview,
  memberStatement,
  recordExpense,
  recordPayment,
} from './service';

const refParamsSchema = z.object({ ref: z.string().max(64) });
const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

function answer(outcome: FundWriteOutcome, notFound: string): { ok: true; message: string } {
  if (outcome.kind === 'invalid') throw new HttpError(400, messages.invalidBody, outcome.errors);
  if (outcome.kind === 'notFound') throw new HttpError(404, notFound);
  if (outcome.kind === 'conflict') throw new HttpError(409, outcome.message);
  return { ok: true, message: outcome.message };
}

export async function fundRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);
  const clock = () => ({ now: now(), timeZone: config.timeZone });
  const labels = adminMessages.fund;

  app.get('/api/admin/kas', { preHandler: requireAdmin }, async () => fundOverview(db.kysely, now(), config.timeZone));

  app.get('/api/admin/kas/book', { preHandler: requireAdmin }, async (request) =>
    fundBook(db.kysely, parseOrThrow(fundBookQuerySchema, request.query), clock()),
  );

  app.get('/api/admin/kas/members/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const statement = await memberStatement(db.kysely, ref);
    if (!statement) throw new HttpError(404, labels.memberUnknown);
    return statement;
  });

  app.get('/api/admin/kas/dues', { preHandler: requireAdmin }, async (request) => {
    const { year } = parseOrThrow(duesQuerySchema, request.query);
    return duesGrid(db.kysely, year ?? Number(todayIn(config.timeZone, now()).slice(0, 4)));
  });

  app.get('/api/admin/kas.csv', { preHandler: requireAdmin }, async (request, reply) => {
    const { month } = parseOrThrow(fundCsvQuerySchema, request.query);
    const { name, rows } = await fundCsv(db.kysely, month, clock());
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(toCsv(rows));
  });

  app.post('/api/admin/kas/payments', { preHandler: requireAdmin }, async (request, reply) => {
    const payment = parseOrThrow(paymentRequestSchema, request.body);
    const outcome = await recordPayment(db, adminSession(request).admin, payment, clock());
    return reply.status(201).send(answer(outcome, messages.invalidBody));
  });

  app.post('/api/admin/kas/expenses', { preHandler: requireAdmin }, async (request, reply) => {
    const expense = parseOrThrow(expenseRequestSchema, request.body);
    const outcome = await recordExpense(db, adminSession(request).admin, expense, clock());
    return reply.status(201).send(answer(outcome, messages.invalidBody));
  });

  app.post('/api/admin/kas/entries/:id/correction', { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const correction = parseOrThrow(correctionRequestSchema, request.body);
    const outcome = await correctEntry(db, adminSession(request).admin, id, correction, clock());
    return reply.status(201).send(answer(outcome, labels.entryNotFound));
  });

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
    const png = await findQrisPng(db.kysely);
    if (png === null) throw new HttpError(404, labels.qrisNone);
    return reply.header('Content-Type', 'image/png').header('Cache-Control', 'no-cache').send(Buffer.from(png, 'base64'));
  });

  app.put('/api/admin/kas/charges/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const change = parseOrThrow(chargeChangeRequestSchema, request.body);
    return answer(await changeCharge(db, adminSession(request).admin, ref, change, clock()), labels.chargeNotFound);
  });
}
