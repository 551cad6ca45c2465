import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { HttpError } from '../http-errors';
import { generateVoucher, listVouchers } from './service';

export async function voucherRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.post('/api/admin/vouchers', { preHandler: requireAdmin }, async (request, reply) => {
    const { admin } = adminSession(request);
    try {
      const voucher = await generateVoucher(db.kysely, { createdBy: admin.id, now: now() });
      return reply.status(201).send({ voucher });
    } catch (error) {
      request.log.error({ err: error }, 'voucher insert failed');
      throw new HttpError(500, messages.voucherFailed);
    }
  });

  app.get('/api/admin/vouchers', { preHandler: requireAdmin }, async () => ({ vouchers: await listVouchers(db.kysely) }));
}
