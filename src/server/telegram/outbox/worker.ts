import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import type { TelegramConfig } from '../../config';
import type { SendOutcome } from '../bot-api';
import { sendSignalAfterStop, startClaimLoop } from './claim-loop';
import { createFailureSummary } from './failure-summary';
import { PUSH_KINDS, renderOutboxRow } from './kinds';
import { createPacing } from './pacing';
import { type ClaimedMessage, giveUpChat, markGivenUp, markSent, releaseClaim, renewClaim, scheduleRetry } from './repository';
import { DEFAULT_RETRY_SCHEDULE, findNextAttempt, type RetrySchedule } from './retry-policy';
import { makeCall, sentMessage } from './send';

export interface NotifierOptions {
  pollIntervalMs: number;
  requestTimeoutMs: number;
  /** A claim's length, renewed before each send and at least the send's timeout plus a margin (claimLeaseMs). */
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
  leaseMs: 8_000,
  batchSize: 10,
  schedule: DEFAULT_RETRY_SCHEDULE,
  sendGapMs: 34,
  chatGapMs: 1000,
};

/** What the app does when a borrower's chat refuses the bot: given by the composition root, so the outbox knows no feature. */
export type ChatBlockedHook = (db: Executor, chatId: string) => Promise<void>;

export interface OutboxWorker {
  /** A send in progress gets a short grace to finish; cut after it, its message stays pending. */
  stop(): Promise<void>;
}

export interface WorkerDeps {
  db: Db;
  now: () => Date;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  options: NotifierOptions;
  onChatBlocked: ChatBlockedHook;
}

type Failure = Exclude<SendOutcome, { kind: 'sent' } | { kind: 'aborted' }>;

// Covers what follows a send's timeout before its row is settled.
const LEASE_MARGIN_MS = 3_000;

export const claimLeaseMs = (options: NotifierOptions) => Math.max(options.leaseMs, options.requestTimeoutMs + LEASE_MARGIN_MS);

function createDelivery({ db, now, telegram, log, options, onChatBlocked }: WorkerDeps, signal: AbortSignal, claimedBy: string) {
  const pacing = createPacing(options, signal);
  const sendSignal = sendSignalAfterStop(signal);
  const failures = createFailureSummary(log, now);
  // On the app clock, like the retries: after a 429 nothing is sent until Telegram's retry_after has passed.
  let pausedUntil = 0;

  async function giveUp(message: ClaimedMessage, attempts: number, error: string, why: string): Promise<void> {
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: now().toISOString(), error });
    log.error({ outboxId: message.id, kind: message.kind, attempts, error }, `Telegram notification given up: ${why}`);
  }

  /** A borrower who blocked the bot is unlinked at the first refusal; its other messages are given up with one log line. */
  async function forgetBlockedChat(message: ClaimedMessage, attempts: number, error: string): Promise<void> {
    const chatId = message.chat_id as string;
    const at = now();
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error });
    await onChatBlocked(db.kysely, chatId);
    const dropped = await giveUpChat(db.kysely, chatId, 'the chat blocked the bot', at);
    log.warn({ outboxId: message.id, dropped, error }, 'Telegram chat blocked the bot: unlinked');
  }

  async function settleFailure(message: ClaimedMessage, attempts: number, outcome: Failure, at: Date): Promise<void> {
    if (outcome.kind === 'rejected' && outcome.status === 403 && message.chat_id !== null) {
      return forgetBlockedChat(message, attempts, outcome.error);
    }
    if (outcome.kind === 'retry' && outcome.retryAfterMs !== undefined) pausedUntil = at.getTime() + outcome.retryAfterMs;
    const createdAt = new Date(message.created_at);
    const next =
      outcome.kind === 'retry'
        ? findNextAttempt({ createdAt, attempts, now: at, retryAfterMs: outcome.retryAfterMs }, options.schedule)
        : undefined;
    if (next) {
      await scheduleRetry(db.kysely, message.id, { attempts, nextAttemptAt: next.toISOString(), error: outcome.error });
      failures.failed(outcome.error);
      return;
    }
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error: outcome.error });
    const why = outcome.kind === 'rejected' ? 'Telegram refused it' : `still failing after ${attempts} attempts`;
    log.error({ outboxId: message.id, attempts, error: outcome.error }, `Telegram notification given up: ${why}`);
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const attempts = message.attempts + 1;
    const rendered = renderOutboxRow(message.kind, message.payload);
    // A kind this version does not know is a bug or a newer instance's row: said loudly, never sent half-understood.
    if (rendered.kind === 'unknownKind')
      return giveUp(message, attempts, `unknown outbox kind ${message.kind}`, `unknown kind ${message.kind}`);
    if (rendered.kind === 'unreadable') return giveUp(message, attempts, `unreadable ${message.kind} payload`, 'unreadable payload');
    await pacing.paced(message.chat_id);
    if (signal.aborted) return releaseClaim(db.kysely, message.id);
    const lockedUntil = new Date(now().getTime() + claimLeaseMs(options)).toISOString();
    // Its claim may have expired while earlier messages of the batch went out.
    if (!(await renewClaim(db.kysely, message.id, { claimedBy, lockedUntil }))) return;
    const chatId = message.chat_id ?? telegram.chatId;
    const outcome = await makeCall(telegram, chatId, rendered.call, { timeoutMs: options.requestTimeoutMs, signal: sendSignal });
    pacing.answered(message.chat_id);
    const at = now();
    if (outcome.kind === 'aborted') {
      await releaseClaim(db.kysely, message.id);
      log.info({ outboxId: message.id }, 'Telegram notification left pending: the server is stopping');
      return;
    }
    if (outcome.kind !== 'sent') return settleFailure(message, attempts, outcome, at);
    await markSent(db.kysely, message.id, { attempts, sentAt: at.toISOString(), message: sentMessage(outcome.result) });
    failures.sent();
    log.info({ outboxId: message.id, attempts }, 'Telegram notification sent');
  }

  return { deliver, isPaused: (at: Date) => at.getTime() < pausedUntil };
}

// Each message is sent outside any transaction.
export function startOutboxWorker(deps: WorkerDeps): OutboxWorker {
  const { db, now, log, options } = deps;
  const stopping = new AbortController();
  const claimedBy = randomUUID();
  return startClaimLoop({
    db,
    now,
    log,
    label: 'outbox worker',
    kinds: { except: PUSH_KINDS },
    claimedBy,
    leaseMs: claimLeaseMs(options),
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs,
    stopping,
    delivery: createDelivery(deps, stopping.signal, claimedBy),
  });
}
