import type { Db } from '../../db/database';
import { pruneAddressEvents } from '../address-limits/service';
import { deleteExpiredAnswers } from '../http/idempotent-write';
import { pruneSentOutbox } from '../telegram/outbox/sent';
import { claimRetentionRun, finishRetentionRun } from './repository';

const DAY_MS = 24 * 60 * 60_000;

export type Pruned = Record<'outbox' | 'addressEvents' | 'idempotencyKeys', number>;

/** What did its work over `days` ago, a table a statement so a booking waits for one delete at most; waits and devices are the clean-up's (0059). */
export async function pruneHistory(db: Db, now: Date, days: number): Promise<Pruned> {
  const before = new Date(now.getTime() - days * DAY_MS);
  return {
    outbox: await pruneSentOutbox(db.kysely, before),
    addressEvents: await pruneAddressEvents(db.kysely, before),
    idempotencyKeys: await deleteExpiredAnswers(db.kysely, before),
  };
}

export async function runRetentionOnce(db: Db, runDate: string, now: Date, days: number): Promise<Pruned | undefined> {
  if (!(await claimRetentionRun(db.kysely, runDate, now))) return undefined;
  const pruned = await pruneHistory(db, now, days);
  await finishRetentionRun(db.kysely, runDate, now, pruned);
  return pruned;
}
