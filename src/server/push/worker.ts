import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { pushMessages } from '../../domain/push/push-messages';
import type { PushMessage } from '../../domain/schemas/push';
import { sendSignalAfterStop, startClaimLoop } from '../telegram/outbox/claim-loop';
import {
  type ClaimedMessage,
  DEFAULT_RETRY_SCHEDULE,
  findNextAttempt,
  markGivenUp,
  markSent,
  type RetrySchedule,
  releaseClaim,
  renewClaim,
  scheduleRetry,
} from '../telegram/outbox/claims';
import { PUSH_KINDS, pushPayloadSchema } from '../telegram/outbox/kinds';
import type { VapidKeys } from './keys';
import { deleteSubscription, findSubscription } from './repository';
import { type PushOutcome, sendPush } from './send';

export interface PushWorkerOptions {
  pollIntervalMs: number;
  requestTimeoutMs: number;
  batchSize: number;
  schedule: RetrySchedule;
}

export const DEFAULT_PUSH_WORKER_OPTIONS: PushWorkerOptions = {
  pollIntervalMs: 1000,
  requestTimeoutMs: 5000,
  batchSize: 10,
  schedule: DEFAULT_RETRY_SCHEDULE,
};

export interface PushWorkerDeps {
  db: Db;
  now: () => Date;
  keys: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  options: PushWorkerOptions;
  allowLoopback: boolean;
}

// Covers what follows a send's timeout before its row is settled.
const LEASE_MARGIN_MS = 3_000;

/** What the service worker shows: the text, and for an offer `Ambil` and `Lewati`. */
export function pushMessageOf(text: string, offerId: number | undefined, tag: string): PushMessage {
  if (offerId === undefined) return { title: pushMessages.title, body: text, tag, actions: [] };
  const actions = [
    { action: 'take' as const, title: pushMessages.takeButton },
    { action: 'skip' as const, title: pushMessages.skipButton },
  ];
  return { title: pushMessages.title, body: text, tag, offerId, actions };
}

function createPushDelivery({ db, now, keys, log, options, allowLoopback }: PushWorkerDeps, signal: AbortSignal, claimedBy: string) {
  const leaseMs = options.requestTimeoutMs + LEASE_MARGIN_MS;
  let pausedUntil = 0;
  const sendSignal = sendSignalAfterStop(signal);

  async function settle(message: ClaimedMessage, attempts: number, outcome: Exclude<PushOutcome, { kind: 'sent' | 'aborted' }>) {
    const at = now();
    if (outcome.kind === 'gone') {
      const payload = pushPayloadSchema.parse(JSON.parse(message.payload));
      await deleteSubscription(db.kysely, payload.subscriptionId);
      await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error: outcome.error });
      log.info({ outboxId: message.id }, 'push subscription gone: deleted');
      return;
    }
    // The push service's Retry-After holds every push, as Telegram's retry_after holds the bot.
    if (outcome.kind === 'retry' && outcome.retryAfterMs !== undefined) pausedUntil = at.getTime() + outcome.retryAfterMs;
    const createdAt = new Date(message.created_at);
    const next =
      outcome.kind === 'retry'
        ? findNextAttempt({ createdAt, attempts, now: at, retryAfterMs: outcome.retryAfterMs }, options.schedule)
        : undefined;
    if (next) {
      await scheduleRetry(db.kysely, message.id, { attempts, nextAttemptAt: next.toISOString(), error: outcome.error });
      log.warn({ outboxId: message.id, attempts, error: outcome.error }, 'push failed, will retry');
      return;
    }
    await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: at.toISOString(), error: outcome.error });
    log.error({ outboxId: message.id, attempts, error: outcome.error }, 'push given up');
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const attempts = message.attempts + 1;
    const parsed = pushPayloadSchema.safeParse(JSON.parse(message.payload));
    const subscription = parsed.success ? await findSubscription(db.kysely, parsed.data.subscriptionId) : undefined;
    if (!parsed.success || !subscription) {
      const error = parsed.success ? 'the subscription was deleted' : 'unreadable push payload';
      await markGivenUp(db.kysely, message.id, { attempts, givenUpAt: now().toISOString(), error });
      return;
    }
    const lockedUntil = new Date(now().getTime() + leaseMs).toISOString();
    if (!(await renewClaim(db.kysely, message.id, { claimedBy, lockedUntil }))) return;
    const { text, offerId, ttlSeconds, urgency } = parsed.data;
    const outcome = await sendPush(subscription, pushMessageOf(text, offerId, `outbox-${message.id}`), {
      keys: await keys(),
      ttlSeconds,
      urgency,
      timeoutMs: options.requestTimeoutMs,
      signal: sendSignal,
      allowLoopback,
    });
    if (outcome.kind === 'aborted') return releaseClaim(db.kysely, message.id);
    if (outcome.kind !== 'sent') return settle(message, attempts, outcome);
    await markSent(db.kysely, message.id, { attempts, sentAt: now().toISOString() });
    log.info({ outboxId: message.id, attempts }, 'push sent');
  }

  return { deliver, isPaused: (at: Date) => at.getTime() < pausedUntil, leaseMs };
}

/** The outbox's push rows, sent outside any transaction, claimed like Telegram's so each goes once across instances. */
export function startPushWorker(deps: PushWorkerDeps): { stop(): Promise<void> } {
  const { db, now, log, options } = deps;
  const stopping = new AbortController();
  const claimedBy = randomUUID();
  const delivery = createPushDelivery(deps, stopping.signal, claimedBy);
  return startClaimLoop({
    db,
    now,
    log,
    label: 'push worker',
    kinds: { only: PUSH_KINDS },
    claimedBy,
    leaseMs: delivery.leaseMs,
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs,
    stopping,
    delivery,
  });
}
