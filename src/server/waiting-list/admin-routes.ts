import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../domain/admin/admin-messages';
import { adminSession, createRequireAdmin } from '../admin/guard';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { endWaitByAdmin, listWaitsForAdmin } from './admin';

const refParamsSchema = z.object({ ref: z.string().max(64) });

/** Holds and waits in the console, and `Akhiri tawaran` (issue 40). */
export async function waitingListAdminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.get('/api/admin/waits', { preHandler: requireAdmin }, async () => ({
    waits: await listWaitsForAdmin(db, { now: now(), timeZone: config.timeZone }),
  }));

  app.post('/api/admin/waits/:ref/end', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    if (!(await endWaitByAdmin(db, adminSession(request).admin, ref, now()))) throw new HttpError(404, adminMessages.waits.notFound);
    return { message: adminMessages.waits.ended };
  });
}
