import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../domain/admin/admin-messages';
import {
  chargeChangeRequestSchema,
  correctionRequestSchema,
  duesQuerySchema,
  expenseRequestSchema,
  fundBookQuerySchema,
  fundCsvQuerySchema,
  paymentRequestSchema,
} from '../../domain/schemas/fund';
import { messages } from '../../domain/text/messages';
import { todayIn } from '../../domain/time/clock';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { checkedRequest } from '../http/checked-request';
import { toCsv } from '../http/csv';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { idempotentWrite } from '../http/idempotent-write';
import { paymentRoutes } from './payment-routes';
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

  app.get('/api/admin/kas/book', { ...checkedRequest({ query: fundBookQuerySchema }), preHandler: requireAdmin }, async (request) =>
    fundBook(db.kysely, parseOrThrow(fundBookQuerySchema, request.query), clock()),
  );

  app.get('/api/admin/kas/members/:ref', { ...checkedRequest({ params: refParamsSchema }), preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const statement = await memberStatement(db.kysely, ref);
    if (!statement) throw new HttpError(404, labels.memberUnknown);
    return statement;
  });

  app.get('/api/admin/kas/dues', { ...checkedRequest({ query: duesQuerySchema }), preHandler: requireAdmin }, async (request) => {
    const { year } = parseOrThrow(duesQuerySchema, request.query);
    return duesGrid(db.kysely, year ?? Number(todayIn(config.timeZone, now()).slice(0, 4)));
  });

  app.get('/api/admin/kas.csv', { ...checkedRequest({ query: fundCsvQuerySchema }), preHandler: requireAdmin }, async (request, reply) => {
    const { month } = parseOrThrow(fundCsvQuerySchema, request.query);
    const { name, rows } = await fundCsv(db.kysely, month, clock());
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(toCsv(rows));
  });

  app.post('/api/admin/kas/payments', { preHandler: requireAdmin }, async (request, reply) => {
    const payment = parseOrThrow(paymentRequestSchema, request.body);
    return idempotentWrite(db, request, reply, now(), async (trx) => ({
      status: 201,
      body: answer(await recordPayment(trx, adminSession(request).admin, payment, clock()), messages.invalidBody),
    }));
  });

  app.post('/api/admin/kas/expenses', { preHandler: requireAdmin }, async (request, reply) => {
    const expense = parseOrThrow(expenseRequestSchema, request.body);
    return idempotentWrite(db, request, reply, now(), async (trx) => ({
      status: 201,
      body: answer(await recordExpense(trx, adminSession(request).admin, expense, clock()), messages.invalidBody),
    }));
  });

  app.post('/api/admin/kas/entries/:id/correction', { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const correction = parseOrThrow(correctionRequestSchema, request.body);
    return idempotentWrite(db, request, reply, now(), async (trx) => ({
      status: 201,
      body: answer(await correctEntry(trx, adminSession(request).admin, id, correction, clock()), labels.entryNotFound),
    }));
  });

  app.put('/api/admin/kas/charges/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const change = parseOrThrow(chargeChangeRequestSchema, request.body);
    return answer(await changeCharge(db, adminSession(request).admin, ref, change, clock()), labels.chargeNotFound);
  });

  await paymentRoutes(app, context, { requireAdmin, answer });
}
