import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { HttpError } from '../http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every response, and a refusal of state-changing requests from another
 * site: SameSite=Strict already keeps the admin cookie off them; the Origin check covers
 * browsers and paths where it does not.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS over plain HTTP would be ignored by browsers and wrong behind no TLS; sent below only over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined) return;
    if (!URL.canParse(origin) || new URL(origin).host !== request.host) {
      throw new HttpError(403, messages.forbiddenOrigin);
    }
  });
}
