import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../domain/messages';
import type { AppContext } from '../context';
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
 * returned preHandler answers 401 unless the request carries a valid admin session cookie.
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
    request.admin = admin;
    request.adminToken = token;
  };
}
