import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { HttpError } from '../http/http-errors';
import { changesState, isProvenSameSite } from '../plugins/security';
import { findAdminBySessionToken, type SessionAdmin } from './service';
import { clearSessionCookie, readSessionToken, SESSION_COOKIE } from './session-cookie';

/** The signed-in admin and the token of their session. */
export type AdminSession = { admin: SessionAdmin; token: string };

// Kept beside the request rather than on it, so the only way to read it is `adminSession`.
const sessions = new WeakMap<FastifyRequest, AdminSession>();

/**
 * The admin session the requireAdmin preHandler checked for this request. Only handlers behind
 * that preHandler may ask, so asking elsewhere is a bug, answered 500.
 */
export function adminSession(request: FastifyRequest): AdminSession {
  const session = sessions.get(request);
  if (!session) throw new Error(`${request.method} ${request.url} asked for the admin session without the requireAdmin preHandler`);
  return session;
}

/**
 * Readies `app` (one route plugin) for admin routes: their answers are never cached, and the
 * returned preHandler answers 401 unless the request carries a valid admin session cookie, and
 * 403 to a state-changing request that does not prove it comes from this site (the cookie's
 * SameSite=Strict is the first guard; this one holds where SameSite does not).
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
