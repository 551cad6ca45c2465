import type { FastifyInstance } from 'fastify';

export function faultSeamRoute(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.NODE_ENV === 'production' ? undefined : env.FAULT_STOP_BEFORE_ANSWER || undefined;
}

/** A test seam (decision 0055): stops the process (SIGSTOP) once the named route succeeded, before its answer leaves. */
export function registerFaultSeams(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): void {
  const route = faultSeamRoute(env);
  if (!route) return;
  app.log.warn(`FAULT_STOP_BEFORE_ANSWER=${route}: this process stops itself after answering it (a test seam)`);
  app.addHook('onSend', async (request, reply) => {
    if (`${request.method} ${request.routeOptions.url}` === route && reply.statusCode < 300) process.kill(process.pid, 'SIGSTOP');
  });
}
