import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { ENDED_WAIT_KEPT_MS } from '../../domain/chat/device-limits';
import { localMomentIn } from '../../domain/time/clock';
import { deleteStaleLinks } from '../chat/devices';
import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { deleteEndedWaits } from './repository';
import { offerFreedSpans } from './rounds';

/** A span freed by a cancellation or an early return offered to whoever waits for it. A step of the borrowers' round. */
export function offerFreedSlots({ config, db, now }: AppContext): (log: FastifyBaseLogger, at: Date) => Promise<void> {
  return async (log, at) => {
    const clock = { now: at, readNow: now, timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes };
    const offered = await offerFreedSpans(db, clock);
    if (offered > 0) log.info({ offered }, 'freed slots offered');
  };
}

export const DEFAULT_CLEAN_UP_INTERVAL_MS = 10 * 60_000;

/** Deletes waits ended over ENDED_WAIT_KEPT_MS ago, then expired link codes and devices left with nothing (issue 40). */
export async function cleanUpWaitsAndLinks(db: Db, now: Date): Promise<{ waits: number; codes: number; devices: number }> {
  return db.kysely.transaction().execute(async (trx) => {
    const waits = await deleteEndedWaits(trx, new Date(now.getTime() - ENDED_WAIT_KEPT_MS));
    return { waits, ...(await deleteStaleLinks(trx, now)) };
  });
}

/** Once a day on each instance (deleting twice deletes nothing more): the first round of each date in the app's zone. */
export function cleanUpJob({ config, db, now }: AppContext, intervalMs: number): Job {
  let lastDate = '';
  return {
    name: 'waits and links clean-up',
    intervalMs,
    instances: 'every',
    run: async (log) => {
      const at = now();
      const { date } = localMomentIn(config.timeZone, at);
      if (date === lastDate) return;
      const deleted = await cleanUpWaitsAndLinks(db, at);
      lastDate = date;
      log.info(deleted, 'waits and links cleaned up');
    },
  };
}
