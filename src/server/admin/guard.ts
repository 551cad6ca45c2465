import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { HttpError } from '../http/http-errors';
import { changesState, isProvenSameSite } from '../plugins/security';
import { findAdminBySessionToken, type SessionAdmin } from './service';
import { clearSessionCookie, readSessionToken, SESSION_COOKIE } from './session-cookie';

export type AdminSession = { admin: SessionAdmin; token: string };

// Kept beside the request rather than on it, so the only way to read it is `adminSession`.
const sessions = new WeakMap<FastifyRequest, AdminSession>();

/** Only for handlers behind the requireAdmin preHandler; asking elsewhere is a bug, answered 500. */
export function adminSession(request: FastifyRequest): AdminSession {
  const session = sessions.get(request);
  if (!session) throw new Error(`${request.method} ${request.url} asked for the admin session without the requireAdmin preHandler`);
  return session;
}

/**
 * Marks every answer of `app` no-store. The preHandler answers 401 without a valid session, and 403
 * to a state change not proven same-site (for where the cookie's SameSite=Strict does not hold).
 */
export function createRequireAdmin(app: FastifyInstance, { db, now }: AppContext): preHandlerAsyncHookHandler {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  return async (request, reply) => {
    const token = readSessionToken(request);
    const admin = token ? await findAdminBySessionToken(db.kysely, token, now()) : undefined;
    if (!token || !admin) {
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
      return reply.status(401).send({ message: messages.unauthorized });
    }
    if (changesState(request) && !isProvenSameSite(request)) throw new HttpError(403, messages.forbiddenOrigin);
    sessions.set(request, { admin, token });
  };
}
