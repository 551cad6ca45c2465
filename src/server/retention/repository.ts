import type { Executor } from '../../db/executor';

/** True for the one instance whose insert of `runDate` lands; the others find the row and leave the day to it. */
export async function claimRetentionRun(db: Executor, runDate: string, at: Date): Promise<boolean> {
  const result = await db
    .insertInto('retention_run')
    .values({ run_date: runDate, started_at: at.toISOString(), finished_at: null, deleted: null })
    .onConflict((conflict) => conflict.column('run_date').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function finishRetentionRun(db: Executor, runDate: string, at: Date, deleted: Record<string, number>): Promise<void> {
  await db
    .updateTable('retention_run')
    .set({ finished_at: at.toISOString(), deleted: JSON.stringify(deleted) })
    .where('run_date', '=', runDate)
    .execute();
}
