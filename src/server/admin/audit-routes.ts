import type { FastifyInstance } from 'fastify';
import { auditQuerySchema } from '../../domain/schemas/admin';
import { auditPage } from '../audit/service';
import type { AppContext } from '../context';
import { checkedRequest } from '../http/checked-request';
import { parseOrThrow } from '../http/http-errors';
import { createRequireAdmin } from './guard';

export async function auditRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const requireAdmin = createRequireAdmin(app, context);
  app.get('/api/admin/audit', { ...checkedRequest({ query: auditQuerySchema }), preHandler: requireAdmin }, async (request) => {
    const { page } = parseOrThrow(auditQuerySchema, request.query);
    return auditPage(context.db.kysely, page);
  });
}
