import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { TelegramConfig } from '../../config';
import { unlinkChat } from '../borrower/repository';
import { callTelegram, type SendOutcome } from '../bot-api';
import { findOutboxCall, type TelegramCall } from './calls';
import { type ClaimedMessage, claimDueMessages, giveUpChat, markGivenUp, markSent, releaseClaim, scheduleRetry } from './repository';
import { DEFAULT_RETRY_SCHEDULE, findNextAttempt, type RetrySchedule } from './retry-policy';

export interface NotifierOptions {
  pollIntervalMs: number;
  requestTimeoutMs: number;
  /** Longer than a whole batch of timed-out sends. */
  leaseMs: number;
  batchSize: number;
  schedule: RetrySchedule;
  /** Telegram's limits: about 30 messages a second overall, one a second per private chat. */
  sendGapMs: number;
  chatGapMs: number;
}

export const DEFAULT_NOTIFIER_OPTIONS: NotifierOptions = {
  pollIntervalMs: 1000,
  requestTimeoutMs: 5000,
  leaseMs: 120_000,
  batchSize: 10,
  schedule: DEFAULT_RETRY_SCHEDULE,
  sendGapMs: 34,
  chatGapMs: 1000,
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

function makeCall(
  telegram: TelegramConfig,
  chatId: string,
  call: TelegramCall,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<SendOutcome> {
  const chat = { chat_id: chatId };
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
  // On the app clock, like the retries: after a 429 nothing is sent until Telegram's retry_after has passed.
  let pausedUntil = 0;
  // Pacing is on the real clock: it is about Telegram's limits, not about the app's time.
  let lastSendMs = 0;
  const lastSendToChat = new Map<string, number>();

  // Node's timer takes its abort listener off when it fires: one added per send and never removed
  // would grow without end over a long-running process.
  function pause(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);
  }

  /**
   * Waits the overall gap, and for a borrower's chat the gap, since the last message was answered:
   * counted from the answer, a slow request never lets two arrive closer than the gap.
   */
  async function paced(chatId: string | null): Promise<void> {
    const since = (at: number | undefined, gap: number) => (at === undefined ? 0 : at + gap - Date.now());
    const chatWait = chatId === null ? 0 : since(lastSendToChat.get(chatId), options.chatGapMs);
    await pause(Math.max(since(lastSendMs, options.sendGapMs), chatWait));
  }

  function answered(chatId: string | null): void {
    lastSendMs = Date.now();
    if (chatId === null) return;
    lastSendToChat.set(chatId, lastSendMs);
    if (lastSendToChat.size > 1000) lastSendToChat.clear();
  }

  /** A borrower who blocked the bot is unlinked at the first refusal; its other messages are given up with one log line. */
  async function forgetBlockedChat(message: ClaimedMessage, attempts: number, error: string): Promise<void> {
    const chatId = message.chat_id as string;
    const at = now();
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error });
    await unlinkChat(db.kysely, chatId);
    const dropped = await giveUpChat(db.kysely, chatId, 'the chat blocked the bot', at);
    log.warn({ outboxId: message.id, dropped, error }, 'Telegram chat blocked the bot: unlinked');
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const attempts = message.attempts + 1;
    const call = findOutboxCall(message.kind, message.payload);
    if (call === undefined) {
      const error = `unreadable ${message.kind} payload`;
      await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: now().toISOString(), error });
      log.error({ outboxId: message.id, error }, 'Telegram notification given up');
      return;
    }
    await paced(message.chat_id);
    const chatId = message.chat_id ?? telegram.chatId;
    const outcome = await makeCall(telegram, chatId, call, { timeoutMs: options.requestTimeoutMs, signal: stopping.signal });
    answered(message.chat_id);
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
    if (outcome.kind === 'rejected' && outcome.status === 403 && message.chat_id !== null) {
      return forgetBlockedChat(message, attempts, outcome.error);
    }
    if (outcome.kind === 'retry' && outcome.retryAfterMs !== undefined) pausedUntil = at.getTime() + outcome.retryAfterMs;
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
      if (at.getTime() < pausedUntil) return false;
      const claimed = await claimDueMessages(db.kysely, {
        now: at.toISOString(),
        lockedUntil: new Date(at.getTime() + options.leaseMs).toISOString(),
        limit: options.batchSize,
        skipLocked: db.engine === 'postgres',
      });
      for (const message of claimed) {
        if (stopping.signal.aborted || now().getTime() < pausedUntil) await releaseClaim(db.kysely, message.id);
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
