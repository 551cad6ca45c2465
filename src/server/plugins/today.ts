import type { FastifyInstance } from 'fastify';
import { localMomentIn } from '../../domain/clock';
import type { AppContext } from '../context';

/** The browser's own zone may differ from the app's; pages ask the server what "today" is. */
export async function todayRoutes(app: FastifyInstance, { config, now }: AppContext): Promise<void> {
  app.get('/api/today', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { date, time } = localMomentIn(config.timeZone, now());
    return { today: date, time, timeZone: config.timeZone };
  });
}
