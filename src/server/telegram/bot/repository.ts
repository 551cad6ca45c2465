import type { Executor } from '../../../db/executor';

/** The one row of bot state every instance shares (created by the migration). */
const ROW = 'bot';

/**
 * Takes or renews the poller lease for `holder` until `until`: it succeeds when the lease is
 * free, expired or already `holder`'s. One UPDATE, so two instances cannot both take it (on
 * PostgreSQL the second waits for the first's row lock and then sees the lease taken).
 */
export async function takePollerLease(
  db: Executor,
  { holder, now, until }: { holder: string; now: string; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable('telegram_bot')
    .set({ poller_holder: holder, poller_lease_until: until })
    .where('id', '=', ROW)
    .where((eb) =>
      eb.or([
        eb('poller_holder', 'is', null),
        eb('poller_holder', '=', holder),
        eb('poller_lease_until', 'is', null),
        eb('poller_lease_until', '<=', now),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives the lease up at a clean stop, so another instance polls at once. */
export async function releasePollerLease(db: Executor, holder: string): Promise<void> {
  await db
    .updateTable('telegram_bot')
    .set({ poller_holder: null, poller_lease_until: null })
    .where('id', '=', ROW)
    .where('poller_holder', '=', holder)
    .execute();
}

export async function findLastUpdateId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('telegram_bot').select('last_update_id').where('id', '=', ROW).executeTakeFirst();
  return row?.last_update_id === null || row?.last_update_id === undefined ? undefined : Number(row.last_update_id);
}

/** Records `updateId` as handled, only while `holder` still holds the lease; false when it lost it. */
export async function storeLastUpdateId(db: Executor, holder: string, updateId: number): Promise<boolean> {
  const result = await db
    .updateTable('telegram_bot')
    .set({ last_update_id: updateId })
    .where('id', '=', ROW)
    .where('poller_holder', '=', holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The webhook's secret_token: the first instance to start writes a random one, every other
 * instance reads it, so updates that reach any instance carry the secret it expects.
 */
export async function findOrSetWebhookSecret(db: Executor, candidate: string): Promise<string> {
  await db
    .updateTable('telegram_bot')
    .set({ webhook_secret: candidate })
    .where('id', '=', ROW)
    .where('webhook_secret', 'is', null)
    .execute();
  const row = await db.selectFrom('telegram_bot').select('webhook_secret').where('id', '=', ROW).executeTakeFirstOrThrow();
  return row.webhook_secret ?? candidate;
}
