import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { vapidKeysSource } from './keys';
import { pushRoutes } from './routes';
import { DEFAULT_PUSH_WORKER_OPTIONS, type PushWorkerOptions, startPushWorker } from './worker';

/** The push routes, and the push worker from ready until the app closes (before the database does). */
export async function registerPush(app: FastifyInstance, context: AppContext, options: Partial<PushWorkerOptions> = {}): Promise<void> {
  const keys = vapidKeysSource(context.db, context.config.push, context.now);
  await app.register(pushRoutes, { context, keys });
  let worker: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    worker = startPushWorker({
      db: context.db,
      now: context.now,
      keys,
      log: app.log.child({ module: 'push' }),
      options: { ...DEFAULT_PUSH_WORKER_OPTIONS, ...options },
      allowLoopback: context.config.push.allowLoopback,
    });
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}
