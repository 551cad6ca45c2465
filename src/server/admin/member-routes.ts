import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../domain/admin/admin-messages';
import { rosterProblemText } from '../../domain/admin/roster-problems';
import { importRosterRequestSchema, memberRequestSchema } from '../../domain/schemas/admin';
import type { AppContext } from '../context';
import { checkedRequest } from '../http/checked-request';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { idempotentWrite } from '../http/idempotent-write';
import { RosterError } from '../roster/service';
import { adminSession, createRequireAdmin } from './guard';
import {
  addMember,
  comingBookingsOf,
  editMember,
  importRoster,
  listMembersForAdmin,
  type MemberOutcome,
  setMemberActiveness,
} from './member-service';

const refParamsSchema = z.object({ ref: z.string().max(64) });

function answer(outcome: MemberOutcome) {
  if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message, outcome.errors);
  return { member: outcome.member, ...(outcome.loginCode ? { loginCode: outcome.loginCode } : {}) };
}

export async function memberRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.get('/api/admin/members', { preHandler: requireAdmin }, async () => listMembersForAdmin(db.kysely));

  app.get(
    '/api/admin/members/:ref/bookings',
    { ...checkedRequest({ params: refParamsSchema }), preHandler: requireAdmin },
    async (request) => {
      const { ref } = parseOrThrow(refParamsSchema, request.params);
      const bookings = await comingBookingsOf(db.kysely, ref, { now: now(), timeZone: config.timeZone });
      if (!bookings) throw new HttpError(404, adminMessages.memberNotFound);
      return { bookings };
    },
  );

  app.post('/api/admin/members', { preHandler: requireAdmin }, async (request, reply) => {
    const input = parseOrThrow(memberRequestSchema, request.body);
    const { admin } = adminSession(request);
    return idempotentWrite(db, request, reply, now(), async (trx) => ({
      status: 201,
      body: answer(await addMember(trx, admin, input, now())),
    }));
  });

  app.put('/api/admin/members/:ref', { preHandler: requireAdmin }, async (request) => {
    const { ref } = parseOrThrow(refParamsSchema, request.params);
    const input = parseOrThrow(memberRequestSchema, request.body);
    return answer(await editMember(db, adminSession(request).admin, ref, input, now()));
  });

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(`/api/admin/members/:ref/${path}`, { preHandler: requireAdmin }, async (request) => {
      const { ref } = parseOrThrow(refParamsSchema, request.params);
      return answer(await setMemberActiveness(db, adminSession(request).admin, ref, active, now()));
    });
  }

  app.post('/api/admin/members/import', { preHandler: requireAdmin }, async (request, reply) => {
    const { csv } = parseOrThrow(importRosterRequestSchema, request.body);
    try {
      const added = await importRoster(db, adminSession(request).admin, csv, now());
      return { imported: added.length, message: adminMessages.imported(added.length) };
    } catch (error) {
      if (!(error instanceof RosterError)) throw error;
      return reply.status(422).send({
        message: adminMessages.importFailed,
        errors: { csv: adminMessages.importFailed },
        problems: error.problems.map(rosterProblemText),
      });
    }
  });
}
