import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { TelegramConfig } from '../../config';
import { callTelegram } from '../bot-api';
import { findLastUpdateId, releasePollerLease, storeLastUpdateId, takePollerLease } from './repository';

export interface PollerOptions {
  pollTimeoutSeconds: number;
  /** On the app clock. */
  leaseSeconds: number;
  standbyIntervalMs: number;
  errorBackoffMs: number;
}

export const DEFAULT_POLLER_TIMINGS = { standbyIntervalMs: 1000, errorBackoffMs: 5000 };

// A 409 (another program polls this bot, or a webhook is set) is said once an hour, not at every try.
const CONFLICT_LOG_INTERVAL_MS = 60 * 60 * 1000;

export interface Poller {
  stop(): Promise<void>;
}

interface PollerDeps {
  db: Db;
  now: () => Date;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  options: PollerOptions;
  handle: (update: unknown) => Promise<void>;
}

function pollerLease({ db, now, log }: Pick<PollerDeps, 'db' | 'now' | 'log'>, holder: string, leaseSeconds: number) {
  let holding = false;
  return {
    holding: () => holding,
    take: async (): Promise<boolean> => {
      const at = now();
      const until = new Date(at.getTime() + leaseSeconds * 1000).toISOString();
      const taken = await takePollerLease(db.kysely, { holder, now: at.toISOString(), until });
      if (taken !== holding) log.info(taken ? 'Telegram poller: this instance polls now' : 'Telegram poller: another instance polls now');
      holding = taken;
      return taken;
    },
  };
}

function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** One poller across instances: the lease holder stores each handled update_id, none twice or lost; a crashed holder's lease expires. */
export function startPoller({ db, now, telegram, log, options, handle }: PollerDeps): Poller {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const stopping = new AbortController();
  const lease = pollerLease({ db, now, log }, holder, options.leaseSeconds);
  let lastConflictLogAt: number | undefined;
  let errorLogged = false;

  function logConflict(error: string): void {
    const at = now().getTime();
    if (lastConflictLogAt !== undefined && at - lastConflictLogAt < CONFLICT_LOG_INTERVAL_MS) return;
    lastConflictLogAt = at;
    log.warn({ error }, 'Telegram getUpdates conflict: another program polls this bot or a webhook is set (said once an hour)');
  }

  /** Returns the wait before the next round. */
  async function pollOnce(): Promise<number> {
    if (!(await lease.take())) return options.standbyIntervalMs;
    const last = await findLastUpdateId(db.kysely);
    const outcome = await callTelegram(
      telegram,
      'getUpdates',
      {
        ...(last === undefined ? {} : { offset: last + 1 }),
        timeout: options.pollTimeoutSeconds,
        allowed_updates: ['message', 'callback_query'],
      },
      // The call itself lasts up to the long-poll timeout; the margin covers the network.
      { timeoutMs: (options.pollTimeoutSeconds + 10) * 1000, signal: stopping.signal },
    );
    if (outcome.kind === 'aborted') return 0;
    if (outcome.kind !== 'sent') {
      if (outcome.kind === 'rejected' && outcome.status === 409) logConflict(outcome.error);
      else log.warn({ error: outcome.error }, 'Telegram getUpdates failed, will retry');
      return options.errorBackoffMs;
    }
    const updates = Array.isArray(outcome.result) ? outcome.result : [];
    for (const update of updates) {
      const updateId = (update as { update_id?: unknown }).update_id;
      if (typeof updateId !== 'number' || (last !== undefined && updateId <= last)) continue;
      if (stopping.signal.aborted) return 0;
      try {
        await handle(update);
      } catch (error) {
        // Skipped, not retried for ever; when the database is down, storing the offset fails too and the update is retried.
        log.error({ updateId, error: (error as Error).message }, 'Telegram update failed and is skipped');
      }
      // Lost the lease meanwhile (a long stall): the new holder goes on from the stored offset.
      if (!(await storeLastUpdateId(db.kysely, holder, updateId))) return 0;
    }
    return 0;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let delay: number;
      try {
        delay = await pollOnce();
        if (errorLogged) log.info('Telegram poller: working again');
        errorLogged = false;
      } catch (error) {
        // Logged once per outage, not once per try.
        if (!errorLogged) log.error({ error: (error as Error).message }, 'Telegram poller failed, will keep trying');
        errorLogged = true;
        delay = options.errorBackoffMs;
      }
      if (delay > 0) await waitUnlessAborted(delay, stopping.signal);
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await loop;
      if (lease.holding()) await releasePollerLease(db.kysely, holder).catch(() => undefined);
    },
  };
}
