import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { findStorageFault, storageHealthOf } from './storage-health';

export async function healthRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const health = storageHealthOf(db);
  // A few bytes, never compressed: the compress hook's first run loads Node's fetch (60-90 ms),
  // which would hold up the first answer a starting server gives its supervisor.
  app.get('/healthz', { compress: false }, async (request, reply) => {
    // A full disk still reads: only a write ends that one.
    if (health.degraded === 'storage') return reply.status(503).send({ status: 'degraded', reason: health.degraded });
    try {
      await sql`select 1`.execute(db.kysely);
    } catch (error) {
      const fault = findStorageFault(error);
      if (fault) health.report(fault, error, request.log);
      else request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: messages.databaseUnavailable });
    }
    // The database answers again: the outage it was away for ends here, if no write ended it first.
    health.recovered();
    return { status: 'ok' };
  });
}
