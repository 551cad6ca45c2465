import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { TelegramConfig } from '../../config';
import { callTelegram, type SendOutcome } from '../bot-api';
import { findOutboxCall, type TelegramCall } from './calls';
import { type ClaimedMessage, claimDueMessages, markGivenUp, markSent, releaseClaim, scheduleRetry } from './repository';
import { DEFAULT_RETRY_SCHEDULE, findNextAttempt, type RetrySchedule } from './retry-policy';

export interface NotifierOptions {
  pollIntervalMs: number;
  requestTimeoutMs: number;
  /** Longer than a whole batch of timed-out sends. */
  leaseMs: number;
  batchSize: number;
  schedule: RetrySchedule;
}

export const DEFAULT_NOTIFIER_OPTIONS: NotifierOptions = {
  pollIntervalMs: 1000,
  requestTimeoutMs: 5000,
  leaseMs: 120_000,
  batchSize: 10,
  schedule: DEFAULT_RETRY_SCHEDULE,
};

export interface OutboxWorker {
  /** A send in progress is abandoned; its message stays pending. */
  stop(): Promise<void>;
}

interface WorkerDeps {
  db: Db;
  now: () => Date;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  options: NotifierOptions;
}

function makeCall(telegram: TelegramConfig, call: TelegramCall, options: { timeoutMs: number; signal: AbortSignal }): Promise<SendOutcome> {
  const chat = { chat_id: telegram.chatId };
  // A reason may carry a link: the owner's chat shows none of its previews.
  const text = (body: string) => ({ text: body, parse_mode: 'Markdown', link_preview_options: { is_disabled: true } });
  const markup = 'replyMarkup' in call && call.replyMarkup ? { reply_markup: call.replyMarkup } : {};
  if (call.method === 'sendMessage') {
    return callTelegram(telegram, call.method, { ...chat, ...text(call.text), ...markup }, options);
  }
  if (call.method === 'editMessageText') {
    return callTelegram(telegram, call.method, { ...chat, message_id: call.messageId, ...text(call.text), ...markup }, options);
  }
  return callTelegram(telegram, call.method, { ...chat, message_id: call.messageId, ...markup }, options);
}

function sentMessage(result: unknown): { chatId: string; messageId: number } | undefined {
  const message = result as { message_id?: unknown; chat?: { id?: unknown } } | null;
  if (typeof message?.message_id !== 'number' || message.chat?.id === undefined) return undefined;
  return { chatId: String(message.chat.id), messageId: message.message_id };
}

// Each message is sent outside any transaction.
export function startOutboxWorker({ db, now, telegram, log, options }: WorkerDeps): OutboxWorker {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let databaseFailing = false;

  async function deliver(message: ClaimedMessage): Promise<void> {
    const attempts = message.attempts + 1;
    const call = findOutboxCall(message.kind, message.payload);
    if (call === undefined) {
      const error = `unreadable ${message.kind} payload`;
      await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: now().toISOString(), error });
      log.error({ outboxId: message.id, error }, 'Telegram notification given up');
      return;
    }
    const outcome = await makeCall(telegram, call, { timeoutMs: options.requestTimeoutMs, signal: stopping.signal });
    const at = now();
    if (outcome.kind === 'aborted') {
      await releaseClaim(db.kysely, message.id);
      log.info({ outboxId: message.id }, 'Telegram notification left pending: the server is stopping');
      return;
    }
    if (outcome.kind === 'sent') {
      await markSent(db.kysely, message.id, { attempts, sentAt: at.toISOString(), message: sentMessage(outcome.result) });
      log.info({ outboxId: message.id, attempts }, 'Telegram notification sent');
      return;
    }
    const next =
      outcome.kind === 'retry'
        ? findNextAttempt(
            { createdAt: new Date(message.created_at), attempts, now: at, retryAfterMs: outcome.retryAfterMs },
            options.schedule,
          )
        : undefined;
    if (next) {
      await scheduleRetry(db.kysely, message.id, { attempts, nextAttemptAt: next.toISOString(), error: outcome.error });
      log.warn(
        { outboxId: message.id, attempts, error: outcome.error, nextAttemptAt: next.toISOString() },
        'Telegram notification failed, will retry',
      );
      return;
    }
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error: outcome.error });
    const why = outcome.kind === 'rejected' ? 'Telegram refused it' : `still failing after ${attempts} attempts`;
    log.error({ outboxId: message.id, attempts, error: outcome.error }, `Telegram notification given up: ${why}`);
  }

  /** True when the batch was full, so more may be due at once. */
  async function runRound(): Promise<boolean> {
    try {
      const at = now();
      const claimed = await claimDueMessages(db.kysely, {
        now: at.toISOString(),
        lockedUntil: new Date(at.getTime() + options.leaseMs).toISOString(),
        limit: options.batchSize,
        skipLocked: db.engine === 'postgres',
      });
      for (const message of claimed) {
        if (stopping.signal.aborted) await releaseClaim(db.kysely, message.id);
        else await deliver(message);
      }
      if (databaseFailing) log.info('outbox worker: the database answers again');
      databaseFailing = false;
      return claimed.length === options.batchSize;
    } catch (error) {
      // Logged once per outage, not once per poll.
      if (!databaseFailing) log.error({ error: (error as Error).message }, 'outbox worker: cannot use the outbox, will keep trying');
      databaseFailing = true;
      return false;
    }
  }

  function schedule(delayMs: number): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      round = runRound().then((more) => schedule(more ? 0 : options.pollIntervalMs));
    }, delayMs);
  }

  // Right away: messages left pending by the last run go out at start.
  schedule(0);
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await round;
    },
  };
}
