import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../domain/admin/admin-messages';
import { chargeChangeRequestSchema, expenseRequestSchema, fundBookQuerySchema, paymentRequestSchema } from '../../domain/schemas/fund';
import { messages } from '../../domain/text/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { checkedRequest } from '../http/checked-request';
import { toCsv } from '../http/csv';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { changeCharge, type FundWriteOutcome, fundBook, fundCsvRows, fundOverview, recordExpense, recordPayment } from './service';

const refParamsSchema = z.object({ ref: z.string().max(64) });

function answer(outcome: FundWriteOutcome, notFound: string): { ok: true } {
  if (outcome.kind === 'invalid') throw new HttpError(400, messages.invalidBody, outcome.errors);
  if (outcome.kind === 'notFound') throw new HttpError(404, notFound);
  return { ok: true };
}

export async function fundRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);
  const clock = () => ({ now: now(), timeZone: config.timeZone });

  app.get('/api/admin/kas', { preHandler: requireAdmin }, async () => fundOverview(db.kysely, now(), config.timeZone));

  app.get('/api/admin/kas/book', { ...checkedRequest({ query: fundBookQuerySchema }), preHandler: requireAdmin }, async (request) =>
    fundBook(db.kysely, parseOrThrow(fundBookQuerySchema, request.query)),
  );

  app.get('/api/admin/kas.csv', { ...checkedRequest({ query: fundBookQuerySchema }), preHandler: requireAdmin }, async (request, reply) => {
    const query = parseOrThrow(fundBookQuerySchema, request.query);
    const rows = await fundCsvRows(db.kysely, query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="kas${query.month ? `-${query.month}` : ''}.csv"`)
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

  app.put('/api/admin/kas/charges/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const change = parseOrThrow(chargeChangeRequestSchema, request.body);
    return answer(await changeCharge(db, adminSession(request).admin, ref, change, now()), adminMessages.fund.chargeNotFound);
  });
}
