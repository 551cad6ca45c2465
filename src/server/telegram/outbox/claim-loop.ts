import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import { type ClaimedMessage, claimDueMessages, type KindFilter, releaseClaim } from './repository';

// Telegram answers in well under a second; a stop waits that long for the send in flight.
const STOP_GRACE_MS = 2_000;

/**
 * The signal a send listens to: aborted only a grace after the stop. Cut at once, a message Telegram (or a push service) already
 * had would stay pending and go again at the next start.
 */
export function sendSignalAfterStop(stopping: AbortSignal): AbortSignal {
  const send = new AbortController();
  stopping.addEventListener('abort', () => setTimeout(() => send.abort(stopping.reason), STOP_GRACE_MS).unref(), { once: true });
  return send.signal;
}

/** How one transport sends a claimed row, and whether it is holding back (a 429's pause). */
export interface Delivery {
  deliver(message: ClaimedMessage): Promise<void>;
  isPaused(at: Date): boolean;
}

export interface ClaimLoopDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Names the worker in its outage lines. */
  label: string;
  kinds: KindFilter;
  claimedBy: string;
  leaseMs: number;
  batchSize: number;
  pollIntervalMs: number;
  stopping: AbortController;
  delivery: Delivery;
}

/**
 * Claims due rows of `kinds` and delivers them one by one, at once again while batches come full, else
 * every poll interval; a claim left by a stop goes back. Shared by every transport on the outbox.
 */
export function startClaimLoop(deps: ClaimLoopDeps): { stop(): Promise<void> } {
  const { db, now, log, label, kinds, claimedBy, leaseMs, batchSize, pollIntervalMs, stopping, delivery } = deps;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let databaseFailing = false;

  /** True when the batch was full, so more may be due at once. */
  async function runRound(): Promise<boolean> {
    try {
      const at = now();
      if (delivery.isPaused(at)) return false;
      const claimed = await claimDueMessages(db.kysely, {
        now: at.toISOString(),
        lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
        limit: batchSize,
        skipLocked: db.engine === 'postgres',
        claimedBy,
        kinds,
      });
      for (const message of claimed) {
        if (stopping.signal.aborted || delivery.isPaused(now())) await releaseClaim(db.kysely, message.id);
        else await delivery.deliver(message);
      }
      if (databaseFailing) log.info(`${label}: the database answers again`);
      databaseFailing = false;
      return claimed.length === batchSize;
    } catch (error) {
      // Logged once per outage, not once per poll.
      if (!databaseFailing) log.error({ error: (error as Error).message }, `${label}: cannot use the outbox, will keep trying`);
      databaseFailing = true;
      return false;
    }
  }

  function schedule(delayMs: number): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      round = runRound().then((more) => schedule(more ? 0 : pollIntervalMs));
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
