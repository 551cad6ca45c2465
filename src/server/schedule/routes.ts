import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DateWindow, publicScheduleWindow } from '../../domain/booking/schedule-window';
import { todayIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { matchesIfNoneMatch } from '../http/if-none-match';
import { type Bodies, compressedOnce, PRECOMPRESSED_ROUTE, sendBodies } from '../http/precompressed';
import type { CachedAnswer } from './cache';
import { refuseOutsideWindow, scheduleAnswer, scheduleClock } from './service';

export async function scheduleRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  // Read once a minute, not per request (Intl's date on every request was 2 % of the busiest
  // route's time): zone offsets are whole minutes, so the date cannot change inside one.
  let window: { minute: number; dates: DateWindow } | undefined;
  const windowAt = (at: Date): DateWindow => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (window?.minute !== minute)
      window = { minute, dates: publicScheduleWindow(todayIn(config.timeZone, at), config.bookingHorizonDays) };
    return window.dates;
  };
  // Never user ids or reasons.
  app.get('/api/bookings', PRECOMPRESSED_ROUTE, async (request, reply) => {
    refuseOutsideWindow(request.query, windowAt(now()));
    return sendSchedule(request, reply, await scheduleAnswer(db, request.url, request.query));
  });

  // The browser's zone and clock may differ from the app's: pages ask the server for today and now.
  app.get('/api/today', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return scheduleClock(db, config, now());
  });
}

// An answer's compressed forms are made on its first request and go with it when a write replaces it.
const bodiesOf = new WeakMap<CachedAnswer, Bodies>();

function sendSchedule(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  let bodies = bodiesOf.get(answer);
  if (!bodies) {
    bodies = compressedOnce(Buffer.from(answer.body), 'fast');
    bodiesOf.set(answer, bodies);
  }
  reply.type('application/json; charset=utf-8');
  return sendBodies(bodies, request, reply, answer.body);
}
