import type { Executor } from '../../../db/executor';

const ROW = 'bot';

/** One UPDATE, so two instances cannot both take the lease (on PostgreSQL the second waits for the row lock). */
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

/** False when `holder` lost the lease: nothing is stored then. */
export async function storeLastUpdateId(db: Executor, holder: string, updateId: number): Promise<boolean> {
  const result = await db
    .updateTable('telegram_bot')
    .set({ last_update_id: updateId })
    .where('id', '=', ROW)
    .where('poller_holder', '=', holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The first instance to start writes it, the others read it: an update may reach any instance. */
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
