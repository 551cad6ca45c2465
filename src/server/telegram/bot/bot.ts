import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TelegramBotConfig, TelegramConfig } from '../../config';
import type { AppContext } from '../../context';
import { DEFAULT_POLLER_TIMINGS, type Poller, startPoller } from './poller';
import { findOrSetWebhookSecret } from './repository';
import type { BotRoutes } from './routes';
import { createUpdateHandler } from './updates';
import { registerWebhookRoute, setWebhook } from './webhook';

export interface BotOptions {
  schedulerIntervalMs: number;
  /** The end, late and no-show questions; off only in tests about something else, whose clocks pass many ends. */
  handoverQuestions: boolean;
  standbyIntervalMs: number;
  errorBackoffMs: number;
}

export const DEFAULT_BOT_OPTIONS: BotOptions = { schedulerIntervalMs: 5000, handoverQuestions: true, ...DEFAULT_POLLER_TIMINGS };

/** The bot hears updates by webhook when one is configured, else by polling; `routes` say what each chat's commands and buttons do. */
export function registerBot(
  app: FastifyInstance,
  context: AppContext,
  {
    telegram,
    bot,
    options = {},
    routes,
  }: { telegram: TelegramConfig; bot: TelegramBotConfig; options?: Partial<BotOptions>; routes: BotRoutes },
): void {
  const { standbyIntervalMs, errorBackoffMs } = { ...DEFAULT_BOT_OPTIONS, ...options };
  const log = app.log.child({ module: 'telegram-bot' });
  const stopping = new AbortController();
  const handle = createUpdateHandler({ db: context.db, telegram, log, signal: stopping.signal, routes });
  let poller: Poller | undefined;
  let webhookSecret: string | undefined;
  const { webhookUrl } = bot;
  const inFlight =
    webhookUrl === undefined
      ? new Set<Promise<void>>()
      : registerWebhookRoute(app, { url: webhookUrl, secret: () => webhookSecret, handle, log });

  let starting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (webhookUrl !== undefined) {
      // Read before the server answers anything, so the first update is not refused.
      const secret = await findOrSetWebhookSecret(context.db.kysely, randomBytes(32).toString('base64url'));
      webhookSecret = secret;
      starting = setWebhook(telegram, { url: webhookUrl, secret, errorBackoffMs, log, signal: stopping.signal }).catch((error: unknown) =>
        log.error({ error: (error as Error).message }, 'Telegram webhook not set'),
      );
      return;
    }
    const pollerOptions = {
      pollTimeoutSeconds: bot.pollTimeoutSeconds,
      leaseSeconds: bot.pollerLeaseSeconds,
      standbyIntervalMs,
      errorBackoffMs,
    };
    poller = startPoller({ db: context.db, now: context.now, telegram, log, options: pollerOptions, handle });
  });
  app.addHook('preClose', async () => {
    stopping.abort();
    await Promise.all([poller?.stop(), starting, ...inFlight]);
  });
}
