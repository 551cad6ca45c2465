import type { FastifyInstance } from 'fastify';

/**
 * A test-only seam for the fault drills (tests/api/faults3-*.test.ts): with
 * `FAULT_STOP_BEFORE_ANSWER="POST /api/admin/members"` the process stops itself (SIGSTOP) once such
 * a request succeeded, after its commit and before its answer leaves, so a test can kill it there.
 * Ignored in production.
 */
export function registerFaultSeams(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): void {
  const route = env.FAULT_STOP_BEFORE_ANSWER;
  if (!route || env.NODE_ENV === 'production') return;
  app.log.warn(`FAULT_STOP_BEFORE_ANSWER=${route}: this process stops itself after answering it (a test seam)`);
  app.addHook('onSend', async (request, reply) => {
    if (`${request.method} ${request.routeOptions.url}` === route && reply.statusCode < 300) process.kill(process.pid, 'SIGSTOP');
  });
}
