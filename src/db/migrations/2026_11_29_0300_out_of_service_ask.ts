import type { MigrationDb } from './engine';

/**
 * `/bengkel`'s `Belum tahu` (issue 38): the period runs to the end of today and the next morning's digest asks the owner whether the bike
 * is still out; `ask_at` is that morning's date, `asked_at` when the question was queued (once across instances).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('out_of_service').addColumn('ask_on', 'text').execute();
  await db.schema.alterTable('out_of_service').addColumn('asked_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('out_of_service').dropColumn('asked_at').execute();
  await db.schema.alterTable('out_of_service').dropColumn('ask_on').execute();
}
