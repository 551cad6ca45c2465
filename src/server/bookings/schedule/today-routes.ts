import type { FastifyInstance } from 'fastify';
import { appClockAt } from '../../../domain/clock';
import type { AppContext } from '../../context';

/**
 * The browser's own zone and clock may differ from the app's; pages ask the server what "today"
 * is, and what time it is now (an ISO instant) for the availability page's status line.
 */
export async function todayRoutes(app: FastifyInstance, { config, now }: AppContext): Promise<void> {
  app.get('/api/today', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return appClockAt(config.timeZone, now());
  });
}
