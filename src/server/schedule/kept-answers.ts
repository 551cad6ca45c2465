import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type DateWindow, isInWindow, publicScheduleWindow } from '../../domain/booking/schedule-window';
import { todayIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { matchesIfNoneMatch } from '../http/if-none-match';
import { type Bodies, compressedOnce, type Encoding, sendBodies } from '../http/precompressed';
import { faultSeamRoute } from '../plugins/fault-seams';
import { API_HEADERS, HSTS_HEADER } from '../plugins/security';
import type { CachedAnswer } from './cache';
import { scheduleCacheOf } from './service';

const KEPT_PATH = '/api/bookings?';

/** An answer's bodies and the whole header block of each form, made once: by plain HTTP and by HTTPS. */
interface Prepared {
  etag: string;
  bodies: Bodies;
  text: string;
  ok: Map<Encoding, readonly [Headers, Headers]>;
  notModified: readonly [Headers, Headers];
}

type Headers = Readonly<Record<string, string>>;

// Made on an answer's first request; they go with it when a write replaces it.
const prepared = new WeakMap<CachedAnswer, Prepared>();

function preparedOf(answer: CachedAnswer): Prepared {
  let kept = prepared.get(answer);
  if (kept) return kept;
  const bodies = compressedOnce(Buffer.from(answer.body), 'fast');
  // In the order the route's own answer sets them: the security hook's, then sendSchedule's, then Fastify's length.
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

export function sendSchedule(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  const { bodies, text } = preparedOf(answer);
  reply.type('application/json; charset=utf-8');
  return sendBodies(bodies, request, reply, text);
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

function sendKept(request: FastifyRequest, reply: FastifyReply, answer: Prepared): void {
  reply.hijack();
  const https = request.protocol === 'https' ? 1 : 0;
  const raw = reply.raw;
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    raw.writeHead(304, answer.notModified[https]);
    raw.end();
    return;
  }
  const encoding = encodingFor(request.headers['accept-encoding'], answer.bodies);
  raw.writeHead(200, answer.ok.get(encoding)?.[https]);
  // A string goes out in one write with the headers.
  raw.end(encoding === 'identity' ? answer.text : answer.bodies.get(encoding));
}

function askedInWindow(query: unknown, window: DateWindow): boolean {
  const { date, from, to } = query as Record<string, unknown>;
  for (const asked of [date, from, to]) if (typeof asked === 'string' && !isInWindow(asked, window)) return false;
  return true;
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

/** Before the security hook: a GET kept under this turn's counter read is answered whole, as the route would (0064); all else goes on. */
export function registerKeptAnswers(app: FastifyInstance, context: AppContext): void {
  if (faultSeamRoute() === 'GET /api/bookings') return;
  const cache = scheduleCacheOf(context.db);
  const windowAt = windowClock(context);
  let turnRead: Promise<string> | undefined;
  let waiting: unknown[] = [];

  const settle = (version: string | undefined, batch: unknown[]) => {
    const window = version === undefined ? undefined : windowAt();
    for (let index = 0; index < batch.length; index += 3) {
      const request = batch[index] as FastifyRequest;
      const done = batch[index + 2] as HookHandlerDoneFunction;
      const answer = version === undefined ? undefined : cache.keptAt(version, request.url);
      if (answer && window && askedInWindow(request.query, window)) sendKept(request, batch[index + 1] as FastifyReply, preparedOf(answer));
      else done();
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !request.url.startsWith(KEPT_PATH) || !cache.mayKeep(request.url)) return done();
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
    waiting.push(request, reply, done);
  });
}
