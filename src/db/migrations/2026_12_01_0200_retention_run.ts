import type { MigrationDb } from './engine';

/** One row per date the retention job ran: the instance that inserts it first runs that day's deletions (decision 0059). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('retention_run')
    .addColumn('run_date', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('deleted', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('retention_run').execute();
}
