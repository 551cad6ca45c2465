import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { auditRoutes } from './admin/audit-routes';
import { memberRoutes } from './admin/member-routes';
import { adminRoutes } from './admin/routes';
import { adminBookingRoutes } from './admin-bookings/routes';
import { botRoutes } from './bot-routes';
import { calendarRoutes } from './calendar/routes';
import { deviceChatRoutes } from './chat/device-routes';
import { installBorrowerChannel } from './chat/notify';
import { unlinkChat } from './chat/repository';
import { borrowerChatRoutes } from './chat/routes';
import type { TrustProxy } from './config';
import type { AppContext } from './context';
import { bookingRoutes } from './create-booking/routes';
import { BookingService } from './create-booking/service';
import { installSubscribers } from './events/bus';
import { fundRoutes } from './fund/routes';
import { handoverAdminRoutes } from './handover/routes';
import { healthRoutes } from './health/routes';
import { storageHealthOf } from './health/storage-health';
import { COMPRESS_THRESHOLD_BYTES } from './http/precompressed';
import { registerJobs } from './jobs/jobs';
import { motorAdminRoutes, motorKeyRoutes } from './motor/routes';
import { outOfServiceRoutes } from './out-of-service/routes';
import { ownBookingRoutes } from './own-booking/routes';
import { answerClientError, answerFrameworkError, registerClosingAnswer, registerErrorHandler } from './plugins/errors';
import { registerFaultSeams } from './plugins/fault-seams';
import { registerSecurity } from './plugins/security';
import { registerPush } from './push/register';
import { pushChannel } from './push/service';
import type { PushWorkerOptions } from './push/worker';
import { rosterRoutes } from './roster/routes';
import { firstLoadFor } from './schedule/first-load';
import { registerKeptAnswers } from './schedule/kept-answers';
import { scheduleRoutes } from './schedule/routes';
import { inlineScriptSources, inlineStyleSources } from './spa/inline-styles';
import { registerSpa } from './spa/routes';
import { subscribers } from './subscribers';
import { type BotOptions, registerBot } from './telegram/bot/bot';
import { registerNotifier } from './telegram/outbox/notifier';
import type { NotifierOptions } from './telegram/outbox/worker';
import { timedJobs } from './timed-jobs';
import { voucherRoutes } from './vouchers/routes';
import { waitingListAdminRoutes } from './waiting-list/admin-routes';
import { offerPressRoutes, waitingListRoutes } from './waiting-list/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
  notifier?: Partial<NotifierOptions>;
  requestTimeoutMs?: number;
  bot?: Partial<BotOptions>;
  /** How often the daily backup looks whether it is due; tests shorten it. */
  dailyBackupIntervalMs?: number;
  /** How often provisional charges are looked for. */
  provisionalChargeIntervalMs?: number;
  /** How often the borrowers' reminders and notices are looked for. */
  borrowerRoundIntervalMs?: number;
  /** How often an interrupted `Batalkan semua` is looked for. */
  outOfServiceIntervalMs?: number;
  push?: Partial<PushWorkerOptions>;
  /** How often the retention job looks whether today's run is done. */
  retentionIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated so the tests and the close log can look at its queue. */
    bookings: BookingService;
  }
}

const BODY_LIMIT_BYTES = 64 * 1024;

// Else a client sending a byte every few seconds would hold a socket for ever.
const REQUEST_TIMEOUT_MS = 30_000;

// Fastify 5 ignores a bare hop count, so it becomes the function proxy-addr would build.
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(trust)) return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

/** The outbox worker and the bot, with Telegram on; a blocked chat is unlinked (chat/), and each feature answers its commands and buttons. */
function registerTelegram(app: FastifyInstance, context: AppContext, options: BuildOptions, bookings: BookingService): void {
  const { db, now, config } = context;
  if (!config.telegram) return;
  registerNotifier(app, context, config.telegram, {
    options: options.notifier,
    onChatBlocked: async (executor, chatId) => {
      await unlinkChat(executor, chatId);
    },
  });
  const routes = botRoutes({ db, now, timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes }, (request) =>
    bookings.create(request),
  );
  registerBot(app, context, { telegram: config.telegram, bot: config.telegramBot, options: options.bot, routes });
}

export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  installSubscribers(subscribers);
  installBorrowerChannel(pushChannel);
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Per-request log lines cost more than the requests themselves, so they are opt-in; errors are always logged.
    logController: new LogController({ disableRequestLogging: !context.config.accessLog }),
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    requestTimeout: requestTimeoutMs,
    http: {
      // Given to Node itself too: set only after the server is made (as Fastify does), it cuts slow headers but not a slow body.
      requestTimeout: requestTimeoutMs,
      // Node looks for timed-out requests only this often (30 s by default), which would let one live twice its time.
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // registerClosingAnswer says it in Indonesian instead.
    return503OnClosing: false,
  });
  const clientDir = options.clientDir ?? resolve('dist/client');
  registerErrorHandler(app, storageHealthOf(context.db));
  registerClosingAnswer(app);
  registerKeptAnswers(app, context);
  registerFaultSeams(app);
  await registerSecurity(app, { inlineStyles: inlineStyleSources(clientDir), inlineScripts: inlineScriptSources(clientDir) });
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(healthRoutes, context);
  await app.register(scheduleRoutes, context);
  await app.register(rosterRoutes, context);
  // Only the admin's routes use a cookie: the plugin's hooks stay off the busy public routes.
  await app.register(async (admin) => {
    await admin.register(cookie, { secret: context.config.sessionSecret });
    await admin.register(adminRoutes, context);
    await admin.register(voucherRoutes, context);
    await admin.register(adminBookingRoutes, context);
    await admin.register(memberRoutes, context);
    await admin.register(auditRoutes, context);
    await admin.register(handoverAdminRoutes, context);
    await admin.register(fundRoutes, context);
    await admin.register(outOfServiceRoutes, context);
    await admin.register(motorAdminRoutes, context);
    await admin.register(waitingListAdminRoutes, context);
  });
  const bookings = new BookingService(
    context.db,
    {
      horizonDays: context.config.bookingHorizonDays,
      bookingsPerHour: context.config.bookingLimitPerHour,
      voucherGuessesPerHour: context.config.voucherGuessLimitPerHour,
      queueLimit: context.config.bookingQueueLimit,
      timeZone: context.config.timeZone,
      returnGraceMinutes: context.config.returnGraceMinutes,
    },
    context.config.sessionSecret,
  );
  app.decorate('bookings', bookings);
  await app.register(bookingRoutes, { context, bookings });
  await app.register(ownBookingRoutes, context);
  await app.register(calendarRoutes, context);
  await app.register(borrowerChatRoutes, context);
  await app.register(deviceChatRoutes, context);
  await app.register(waitingListRoutes, context);
  await app.register(offerPressRoutes, { context, bookOffer: (request) => bookings.create(request) });
  await app.register(motorKeyRoutes, context);
  await registerPush(app, context, options.push);
  await registerSpa(app, clientDir, {
    firstLoad: firstLoadFor(context),
    ceilingDir: context.config.benchCeilingDir,
    storageHealth: storageHealthOf(context.db),
  });
  registerJobs(app, timedJobs(context, options));
  registerTelegram(app, context, options, bookings);
  app.addHook('onClose', async () => {
    const { batches } = bookings.queue;
    if (batches.batches > 0) app.log.info({ bookingBatches: batches }, 'booking transactions written');
    await context.db.close();
  });
  return app;
}
