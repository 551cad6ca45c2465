import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../domain/admin/admin-messages';
import { createVoucherRequestSchema } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { idempotentWrite } from '../http/idempotent-write';
import { generateVoucher, listVouchers, revokeVoucher } from './service';

const codeParamsSchema = z.object({ code: z.string().max(50) });

export async function voucherRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.post('/api/admin/vouchers', { preHandler: requireAdmin }, async (request, reply) => {
    const { note } = parseOrThrow(createVoucherRequestSchema, request.body);
    const { admin } = adminSession(request);
    try {
      return await idempotentWrite(db, request, reply, now(), async (trx) => ({
        status: 201,
        body: { voucher: await generateVoucher(trx, { admin, note, now: now() }) },
      }));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      request.log.error({ err: error }, 'voucher insert failed');
      throw new HttpError(500, messages.voucherFailed);
    }
  });

  app.get('/api/admin/vouchers', { preHandler: requireAdmin }, async () => ({ vouchers: await listVouchers(db.kysely) }));

  app.post('/api/admin/vouchers/:code/revoke', { preHandler: requireAdmin }, async (request) => {
    const { code } = parseOrThrow(codeParamsSchema, request.params);
    const outcome = await revokeVoucher(db.kysely, adminSession(request).admin, code, now());
    if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message);
    return { message: adminMessages.voucherRevokedDone(code), voucher: outcome.voucher };
  });
}
