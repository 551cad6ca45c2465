import type { Executor } from '../../../db/executor';

/** Recorded as failed until the lookup is known to have found a booking. */
export async function insertTokenAttempt(db: Executor, ip: string, at: Date): Promise<number> {
  const row = await db
    .insertInto('cancel_token_attempts')
    .values({ ip, succeeded: false, attempted_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function markTokenAttemptSucceeded(db: Executor, id: number): Promise<void> {
  await db.updateTable('cancel_token_attempts').set({ succeeded: true }).where('id', '=', id).execute();
}

export async function deleteTokenAttempt(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('cancel_token_attempts').where('id', '=', id).execute();
}

export async function findRecentTokenFailures(db: Executor, ip: string, since: Date, exceptId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('cancel_token_attempts')
    .select('attempted_at')
    .where('ip', '=', ip)
    .where('succeeded', '=', false)
    .where('attempted_at', '>', since.toISOString())
    .where('id', '!=', exceptId)
    .execute();
  return rows.map((row) => row.attempted_at);
}

export async function deleteTokenAttemptsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('cancel_token_attempts').where('attempted_at', '<', before.toISOString()).execute();
}
