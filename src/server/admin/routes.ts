import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { type LoginRequest, loginRequestSchema } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { adminSession, createRequireAdmin } from './guard';
import { auditLogin, endSession, type LoginOutcome, login, type SessionAdmin } from './service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

const adminBody = (admin: SessionAdmin) => ({ admin: { name: admin.name, role: 'admin' as const } });

// Never logs the code.
function logAttempt(request: FastifyRequest, name: unknown, outcome: string, delayedMs = 0): void {
  const shownName = typeof name === 'string' ? name.slice(0, 100) : null;
  request.log.info({ event: 'admin-login', name: shownName, ip: request.ip, outcome, delayedMs }, 'admin login attempt');
}

function parseLogin(request: FastifyRequest): LoginRequest {
  try {
    return parseOrThrow(loginRequestSchema, request.body);
  } catch (error) {
    const body = request.body as { name?: unknown } | null | undefined;
    logAttempt(request, body?.name, 'invalid-input');
    throw error;
  }
}

function failure(outcome: Exclude<LoginOutcome, { kind: 'ok' }>): HttpError {
  switch (outcome.kind) {
    case 'name-not-found':
      return new HttpError(401, messages.loginNameNotFound, { name: messages.loginNameNotFound });
    case 'wrong-code':
      return new HttpError(401, messages.loginWrongCode, { code: messages.loginWrongCode });
    case 'not-admin':
      return new HttpError(403, messages.loginNotAdmin, { name: messages.loginNotAdmin });
    case 'rate-limited':
      return new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)), undefined, {
        'Retry-After': String(Math.ceil(outcome.retryAfterMs / 1000)),
      });
  }
}

export async function adminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, now, config } = context;
  const requireAdmin = createRequireAdmin(app, context);

  app.post('/api/admin/login', async (request: FastifyRequest, reply: FastifyReply) => {
    const input = parseLogin(request);
    const at = now();
    const outcome = await login(db.kysely, input, { ip: request.ip, now: at, previousToken: readSessionToken(request) });
    logAttempt(request, input.name, outcome.kind, 'delayedMs' in outcome ? outcome.delayedMs : 0);
    await auditLogin(db.kysely, input.name, outcome, at, request.ip);
    if (outcome.kind !== 'ok') throw failure(outcome);
    setSessionCookie(request, reply, outcome.token, outcome.expiresAt, at);
    return adminBody(outcome.admin);
  });

  app.get('/api/admin/session', { preHandler: requireAdmin }, async (request) => ({
    ...adminBody(adminSession(request).admin),
    timeZone: config.timeZone,
  }));

  app.post('/api/admin/logout', { preHandler: requireAdmin }, async (request, reply) => {
    const { admin, token } = adminSession(request);
    await endSession(db.kysely, token, admin, now());
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });
}
