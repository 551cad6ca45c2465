import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { messages } from '../../domain/messages';
import { HttpError } from '../http/http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  return URL.canParse(origin) && new URL(origin).origin === ownOrigin(request);
}

/**
 * True when the browser says the request comes from a page of this site: its Origin is ours, or
 * (for a browser that sends no Origin) Sec-Fetch-Site says same-origin. A request that says
 * neither is not proven to come from us.
 */
export function isProvenSameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return isOwnOrigin(request, origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * Our helmet policy. It depends on no request, so its headers are worked out once
 * (docs/decisions/0014-headers-and-spa-from-memory.md). `inlineStyles`: the build's own inline
 * stylesheet, by its hash (plugins/inline-styles.ts); no other inline style is allowed.
 */
export const helmetOptions = (inlineStyles: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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

/**
 * The headers of the JSON API's answers, as OWASP's REST Security cheat sheet gives them: JSON is
 * never rendered as a page, so it gets the strictest policy in one line instead of the page's
 * (docs/decisions/0031-api-answers-carry-api-headers.md). Helmet's other headers speak to
 * documents only (scripts, frames, downloads, DNS prefetch), and on the busiest answers their
 * 500 bytes cost a fifth of the throughput.
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

/**
 * Security headers on every response (a page's or the API's), and a refusal of state-changing requests from another
 * site: SameSite=Strict already keeps the admin cookie off them; the Origin check covers
 * browsers and paths where it does not.
 */
export async function registerSecurity(app: FastifyInstance, { inlineStyles = [] }: { inlineStyles?: string[] } = {}): Promise<void> {
  const headers = helmetHeaders(helmetOptions(inlineStyles));
  // A callback hook, not an async one: it runs on every request, and a promise each time showed in profiles.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request) ? API_HEADERS : headers);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const origin = request.headers.origin;
    if (origin !== undefined && changesState(request) && !isOwnOrigin(request, origin)) {
      done(new HttpError(403, messages.forbiddenOrigin));
      return;
    }
    done();
  });
}

/**
 * Scheme, host and port this request was sent to, as an Origin header would name them (a
 * default port left out). Behind a trusted proxy the scheme and host come from
 * X-Forwarded-Proto and X-Forwarded-Host, as Fastify reads them.
 */
function ownOrigin(request: FastifyRequest): string | undefined {
  const own = `${request.protocol}://${request.host}`;
  return URL.canParse(own) ? new URL(own).origin : undefined;
}

/**
 * The headers helmet would set, worked out once: its policy does not depend on the request, and
 * running helmet on every request (as @fastify/helmet does, rebuilding it each time) cost more
 * than serving most API answers.
 */
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
