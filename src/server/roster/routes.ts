import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listRoster } from './service';

export async function rosterRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get('/api/roster', async () => ({ users: await listRoster(db.kysely) }));
}
