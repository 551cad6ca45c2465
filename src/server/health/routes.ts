import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { storageHealthOf } from './storage-health';

export async function healthRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const health = storageHealthOf(db);
  // A few bytes, never compressed: the compress hook's first run loads Node's fetch (60-90 ms),
  // which would hold up the first answer a starting server gives its supervisor.
  app.get('/healthz', { compress: false }, async (request, reply) => {
    if (health.degraded) return reply.status(503).send({ status: 'degraded', reason: health.degraded });
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: messages.databaseUnavailable });
    }
  });
}
