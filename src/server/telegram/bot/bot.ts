import { randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { TelegramBotConfig, TelegramConfig } from '../../config';
import type { AppContext } from '../../context';
import { callTelegram } from '../bot-api';
import { DEFAULT_POLLER_TIMINGS, type Poller, type PollerOptions, startPoller } from './poller';
import { findOrSetWebhookSecret } from './repository';
import { type Scheduler, startScheduler } from './scheduler';
import { createUpdateHandler } from './updates';

export interface BotOptions {
  schedulerIntervalMs: number;
  /** The end, late and no-show questions; off only in tests about something else, whose clocks pass many ends. */
  handoverQuestions: boolean;
  standbyIntervalMs: number;
  errorBackoffMs: number;
}

export const DEFAULT_BOT_OPTIONS: BotOptions = { schedulerIntervalMs: 5000, handoverQuestions: true, ...DEFAULT_POLLER_TIMINGS };

export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerBot(
  app: FastifyInstance,
  context: AppContext,
  telegram: TelegramConfig,
  bot: TelegramBotConfig,
  options: Partial<BotOptions> = {},
): void {
  const { schedulerIntervalMs, handoverQuestions, standbyIntervalMs, errorBackoffMs } = { ...DEFAULT_BOT_OPTIONS, ...options };
  const log = app.log.child({ module: 'telegram-bot' });
  const stopping = new AbortController();
  const handle = createUpdateHandler({
    db: context.db,
    now: context.now,
    timeZone: context.config.timeZone,
    graceMinutes: context.config.returnGraceMinutes,
    telegram,
    log,
    signal: stopping.signal,
    bookOffer: (request) => app.bookings.create(request),
  });
  let scheduler: Scheduler | undefined;
  let poller: Poller | undefined;
  let webhookSecret: string | undefined;
  const inFlight = new Set<Promise<void>>();

  if (bot.webhookUrl !== undefined) {
    const path = new URL(bot.webhookUrl).pathname;
    app.post(
      path,
      {
        // Checked before the body is read: a caller without the secret learns nothing, not even a parse error.
        onRequest: async (request, reply) => {
          if (webhookSecret === undefined || !sameSecret(request.headers[WEBHOOK_SECRET_HEADER], webhookSecret)) {
            return reply.status(401).send({ ok: false });
          }
        },
      },
      async (request, reply) => {
        // Answered before it is handled: Telegram waits for no work, and handling is idempotent.
        const work = handle(request.body)
          .catch((error: unknown) => log.error({ error: (error as Error).message }, 'Telegram update failed'))
          .finally(() => inFlight.delete(work));
        inFlight.add(work);
        return reply.status(200).send({ ok: true });
      },
    );
  }

  async function setWebhook(url: string, secret: string): Promise<void> {
    while (!stopping.signal.aborted) {
      const outcome = await callTelegram(
        telegram,
        'setWebhook',
        { url, secret_token: secret, allowed_updates: ['message', 'callback_query'] },
        { timeoutMs: 10_000, signal: stopping.signal },
      );
      if (outcome.kind === 'sent') {
        log.info('Telegram webhook set');
        return;
      }
      if (outcome.kind === 'aborted') return;
      log.error({ error: outcome.error }, 'Telegram setWebhook failed, will retry');
      await sleep(errorBackoffMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  let starting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    const { digestTime, reminderMinutes } = bot;
    if (digestTime !== undefined || reminderMinutes > 0 || handoverQuestions) {
      const { timeZone, returnGraceMinutes, noShowMinutes } = context.config;
      scheduler = startScheduler({
        db: context.db,
        now: context.now,
        log,
        settings: {
          timeZone,
          digestTime,
          reminderMinutes,
          handover: handoverQuestions ? { graceMinutes: returnGraceMinutes, noShowMinutes } : undefined,
          intervalMs: schedulerIntervalMs,
        },
      });
    }
    if (bot.webhookUrl !== undefined) {
      // Read before the server answers anything, so the first update is not refused.
      const secret = await findOrSetWebhookSecret(context.db.kysely, randomBytes(32).toString('base64url'));
      webhookSecret = secret;
      starting = setWebhook(bot.webhookUrl, secret).catch((error: unknown) =>
        log.error({ error: (error as Error).message }, 'Telegram webhook not set'),
      );
      return;
    }
    const pollerOptions: PollerOptions = {
      pollTimeoutSeconds: bot.pollTimeoutSeconds,
      leaseSeconds: bot.pollerLeaseSeconds,
      standbyIntervalMs,
      errorBackoffMs,
    };
    poller = startPoller({ db: context.db, now: context.now, telegram, log, options: pollerOptions, handle });
  });
  app.addHook('preClose', async () => {
    stopping.abort();
    await Promise.all([scheduler?.stop(), poller?.stop(), starting, ...inFlight]);
  });
}
