import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { adminRoutes } from './admin/routes';
import { firstLoadFor } from './bookings/first-load';
import { bookingRoutes } from './bookings/routes';
import type { AppContext } from './context';
import { registerNotifier } from './notify/notifier';
import type { NotifierOptions } from './notify/outbox-worker';
import { registerErrorHandler } from './plugins/errors';
import { healthRoutes } from './plugins/health';
import { inlineStyleSources } from './plugins/inline-styles';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { todayRoutes } from './plugins/today';
import { rosterRoutes } from './roster/routes';
import { voucherRoutes } from './vouchers/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA is; without a build only the API is served. */
  clientDir?: string;
  /** Timings of the Telegram outbox worker; tests shorten them. */
  notifier?: Partial<NotifierOptions>;
}

/** Request bodies are small forms; anything larger is refused before it is parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** The whole app, not listening: the server's main and the tests both build it. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Per-request log lines cost more than the requests themselves; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: context.config.trustProxy,
  });
  const clientDir = options.clientDir ?? resolve('dist/client');
  registerErrorHandler(app);
  await registerSecurity(app, { inlineStyles: inlineStyleSources(clientDir) });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: context.config.sessionSecret });
  await app.register(healthRoutes, context);
  await app.register(todayRoutes, context);
  await app.register(rosterRoutes, context);
  await app.register(adminRoutes, context);
  await app.register(voucherRoutes, context);
  await app.register(bookingRoutes, context);
  await registerSpa(app, clientDir, { firstLoad: firstLoadFor(context) });
  if (context.config.telegram) registerNotifier(app, context, context.config.telegram, options.notifier);
  app.addHook('onClose', async () => {
    await context.db.close();
  });
  return app;
}
