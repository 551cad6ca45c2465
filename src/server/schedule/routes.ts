import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { PRECOMPRESSED_ROUTE } from '../http/precompressed';
import { sendSchedule, windowClock } from './kept-answers';
import { refuseOutsideWindow, scheduleAnswer, scheduleClock } from './service';

export async function scheduleRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, now } = context;
  // Read once a minute, not per request (Intl's date on every request was 2 % of the busiest route's time).
  const windowAt = windowClock(context);
  // Never user ids or reasons.
  app.get('/api/bookings', PRECOMPRESSED_ROUTE, async (request, reply) => {
    refuseOutsideWindow(request.query, windowAt());
    return sendSchedule(request, reply, await scheduleAnswer(db, request.url, request.query), config);
  });

  // The browser's zone and clock may differ from the app's: pages ask the server for today and now.
  app.get('/api/today', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return scheduleClock(db, config, now());
  });
}
