import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
import { HttpError } from '../http-errors';
import { changesState, isProvenSameSite } from '../plugins/security';
import { findAdminBySessionToken, type SessionAdmin } from './service';
import { clearSessionCookie, readSessionToken, SESSION_COOKIE } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by the requireAdmin preHandler on the routes it guards. */
    admin: SessionAdmin | null;
    /** The session token of that admin. */
    adminToken: string | null;
  }
}

/**
 * Readies `app` (one route plugin) for admin routes: their answers are never cached, and the
 * returned preHandler answers 401 unless the request carries a valid admin session cookie, and
 * 403 to a state-changing request that does not prove it comes from this site (the cookie's
 * SameSite=Strict is the first guard; this one holds where SameSite does not).
 */
export function createRequireAdmin(app: FastifyInstance, { db, now }: AppContext): preHandlerAsyncHookHandler {
  app.decorateRequest('admin', null);
  app.decorateRequest('adminToken', null);
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
    request.admin = admin;
    request.adminToken = token;
  };
}

/** The admin the requireAdmin preHandler let through; a route without that preHandler is a bug. */
export function requireSessionAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw new Error(`${request.method} ${request.url} has no requireAdmin preHandler`);
  return request.admin;
}
