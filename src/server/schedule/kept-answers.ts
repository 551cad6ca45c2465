import type { IncomingMessage, ServerResponse } from 'node:http';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DateWindow, isInWindow, publicScheduleWindow } from '../../domain/booking/schedule-window';
import { todayIn } from '../../domain/time/clock';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { matchesIfNoneMatch } from '../http/if-none-match';
import { type Bodies, compressedOnce, type Encoding, sendBodies } from '../http/precompressed';
import { closingOf } from '../plugins/errors';
import { faultSeamRoute } from '../plugins/fault-seams';
import { API_HEADERS, HSTS_HEADER } from '../plugins/security';
import type { CachedAnswer } from './cache';
import { scheduleCacheOf } from './service';

const KEPT_PATH = '/api/bookings?';
const MAX_REMEMBERED = 2000;

type Headers = Readonly<Record<string, string>>;

/** An answer's bodies and the whole header block of each form, made once: by plain HTTP and by HTTPS. */
interface Prepared {
  etag: string;
  bodies: Bodies;
  text: string;
  ok: Map<Encoding, readonly [Headers, Headers]>;
  notModified: readonly [Headers, Headers];
}

const prepared = new WeakMap<CachedAnswer, Prepared>();

function preparedOf(answer: CachedAnswer): Prepared {
  let kept = prepared.get(answer);
  if (kept) return kept;
  const bodies = compressedOnce(Buffer.from(answer.body), 'fast');
  // In the order the route's own answer has them: the security hook's, then sendSchedule's, then Fastify's length.
  const both = (rest: Headers): readonly [Headers, Headers] => [
    { ...API_HEADERS, ...rest },
    { ...API_HEADERS, ...HSTS_HEADER, ...rest },
  ];
  const validators = { 'cache-control': 'no-cache', etag: answer.etag };
  const ok = new Map(
    [...bodies].map(([encoding, body]) => [
      encoding,
      both({
        ...validators,
        'content-type': 'application/json; charset=utf-8',
        vary: 'Accept-Encoding',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
      }),
    ]),
  );
  kept = { etag: answer.etag, bodies, text: answer.body, ok, notModified: both(validators) };
  prepared.set(answer, kept);
  return kept;
}

/** What the route's requests teach the answers given before Fastify, per app: each URL's dates (as Fastify parsed them), and which listed proxies Fastify trusts. */
interface Learnt {
  asked: Map<string, readonly string[]>;
  trusted: Map<string, boolean>;
}

const learnt = new WeakMap<Config, Learnt>();

function learntOf(config: Config): Learnt {
  let kept = learnt.get(config);
  if (!kept) {
    kept = { asked: new Map(), trusted: new Map() };
    learnt.set(config, kept);
  }
  return kept;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}

const lastEntry = (header: string) => header.slice(header.lastIndexOf(',') + 1).trim();
const forwardedProto = (request: IncomingMessage) => request.headers['x-forwarded-proto'] as string | undefined;
const socketProtocol = (request: IncomingMessage) => ((request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');

function allInWindow(dates: readonly string[] | undefined, window: DateWindow): boolean {
  if (dates === undefined) return false;
  for (const date of dates) if (!isInWindow(date, window)) return false;
  return true;
}

function learn(request: FastifyRequest, { asked, trusted }: Learnt): void {
  const { date, from, to } = request.query as Record<string, unknown>;
  remember(
    asked,
    request.url,
    [date, from, to].filter((one) => typeof one === 'string'),
  );
  const forwarded = forwardedProto(request.raw);
  const address = request.raw.socket.remoteAddress;
  if (!forwarded || address === undefined || lastEntry(forwarded) === socketProtocol(request.raw)) return;
  remember(trusted, address, request.protocol === lastEntry(forwarded));
}

/** The route's answer, after every hook; it teaches the answers given before them. */
export function sendSchedule(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, config: Config) {
  learn(request, learntOf(config));
  reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  const { bodies, text } = preparedOf(answer);
  reply.type('application/json; charset=utf-8');
  return sendBodies(bodies, request, reply, text);
}

/** Fastify's request.protocol for the app's TRUST_PROXY, or undefined while a listed proxy's trust is not learnt yet. */
function protocolOf(request: IncomingMessage, trust: Config['trustProxy'], trustedOf: Learnt['trusted']): string | undefined {
  const forwarded = forwardedProto(request);
  const own = socketProtocol(request);
  if (!forwarded || trust === 0 || lastEntry(forwarded) === own) return own;
  if (typeof trust === 'number') return lastEntry(forwarded);
  const trusted = trustedOf.get(request.socket.remoteAddress ?? '');
  return trusted === undefined ? undefined : trusted ? lastEntry(forwarded) : own;
}

const MAX_NEGOTIATED = 100;
const negotiated = new Map<string, Encoding>();
const negotiator = new Negotiator({ supportedValues: ['identity', 'br', 'gzip'] });

/** As sendBodies negotiates, remembered by the header: browsers send a handful of them. */
function encodingFor(accepted: string | undefined, bodies: Bodies): Encoding {
  if (!accepted || bodies.size === 1) return 'identity';
  let encoding = negotiated.get(accepted);
  if (encoding === undefined) {
    encoding = (negotiator.negotiate(accepted) ?? 'identity') as Encoding;
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(accepted, encoding);
  }
  return encoding;
}

function sendKept(request: IncomingMessage, response: ServerResponse, answer: Prepared, https: 0 | 1): void {
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    response.writeHead(304, answer.notModified[https]);
    response.end();
    return;
  }
  const encoding = encodingFor(request.headers['accept-encoding'], answer.bodies);
  response.writeHead(200, answer.ok.get(encoding)?.[https]);
  // A string goes out in one write with the headers.
  response.end(encoding === 'identity' ? answer.text : answer.bodies.get(encoding));
}

/** The public window of now, worked out once a minute (zone offsets are whole minutes). */
export function windowClock({ config, now }: Pick<AppContext, 'config' | 'now'>): () => DateWindow {
  let window: { minute: number; dates: DateWindow } | undefined;
  return () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (window?.minute !== minute)
      window = { minute, dates: publicScheduleWindow(todayIn(config.timeZone, at), config.bookingHorizonDays) };
    return window.dates;
  };
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Before Fastify routes it, a GET kept under this turn's counter read is answered as the route would; all else goes to Fastify (0064). */
export function registerKeptAnswers(app: FastifyInstance, context: AppContext): void {
  const [fastify, ...others] = app.server.listeners('request') as Handler[];
  // Fastify logs each request with ACCESS_LOG, and a test seam may stop on this route.
  if (!fastify || others.length > 0 || context.config.accessLog || faultSeamRoute() === 'GET /api/bookings') return;
  const { trustProxy } = context.config;
  const { asked, trusted } = learntOf(context.config);
  const closing = closingOf(app);
  const cache = scheduleCacheOf(context.db);
  const windowAt = windowClock(context);
  let turnRead: Promise<string> | undefined;
  let waiting: unknown[] = [];

  const settle = (version: string | undefined, batch: unknown[]) => {
    const window = version === undefined ? undefined : windowAt();
    for (let index = 0; index < batch.length; index += 3) {
      const request = batch[index] as IncomingMessage;
      const response = batch[index + 1] as ServerResponse;
      const url = request.url ?? '';
      const answer = version === undefined ? undefined : cache.keptAt(version, url);
      if (answer && window && allInWindow(asked.get(url), window))
        sendKept(request, response, preparedOf(answer), batch[index + 2] as 0 | 1);
      else fastify.call(app.server, request, response);
    }
  };

  app.server.removeListener('request', fastify);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    const kept = request.method === 'GET' && !closing.now && url.startsWith(KEPT_PATH) && cache.mayKeep(url);
    const protocol = kept ? protocolOf(request, trustProxy, trusted) : undefined;
    if (protocol === undefined) return fastify.call(app.server, request, response);
    const read = cache.readAfterNow();
    if (read !== turnRead) {
      turnRead = read;
      const batch: unknown[] = [];
      waiting = batch;
      read.then(
        (version) => settle(version, batch),
        () => settle(undefined, batch),
      );
    }
    waiting.push(request, response, protocol === 'https' ? 1 : 0);
  });
}
