import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { messages } from '../../domain/text/messages';
import { HttpError } from '../http/http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  return URL.canParse(origin) && new URL(origin).origin === ownOrigin(request);
}

/** False for a request with neither an Origin nor Sec-Fetch-Site: it is not proven to come from us. */
export function isProvenSameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return isOwnOrigin(request, origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** `inlineStyles`, `inlineScripts`: hashes of the build's own inline stylesheet and entry loader (spa/inline-styles.ts), the only inline ones allowed. */
export const helmetOptions = (inlineStyles: string[], inlineScripts: string[] = []): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'", ...inlineStyles],
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
  // HSTS over plain HTTP is ignored by browsers; it is sent below, only over HTTPS.
  strictTransportSecurity: false,
});

// OWASP's REST headers: JSON is never rendered as a page, and helmet's document headers cost a
// fifth of the throughput on the busiest answers (docs/decisions/0031).
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export const HSTS_HEADER: Readonly<Record<string, string>> = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

// SameSite=Strict keeps the admin cookie off cross-site requests; the Origin check covers browsers and paths where it does not.
export async function registerSecurity(
  app: FastifyInstance,
  { inlineStyles = [], inlineScripts = [] }: { inlineStyles?: string[]; inlineScripts?: string[] } = {},
): Promise<void> {
  const headers = helmetHeaders(helmetOptions(inlineStyles, inlineScripts));
  // A callback hook, not an async one: it runs on every request, and a promise each time showed in profiles.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request) ? API_HEADERS : headers);
    if (request.protocol === 'https') reply.headers(HSTS_HEADER);
    const origin = request.headers.origin;
    if (origin !== undefined && changesState(request) && !isOwnOrigin(request, origin)) {
      done(new HttpError(403, messages.forbiddenOrigin));
      return;
    }
    done();
  });
}

function ownOrigin(request: FastifyRequest): string | undefined {
  const own = `${request.protocol}://${request.host}`;
  return URL.canParse(own) ? new URL(own).origin : undefined;
}

// Worked out once: helmet on every request (as @fastify/helmet runs it) cost more than most API answers (docs/decisions/0014).
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
