import type { MigrationDb } from './engine';

/** `Belum tahu` (issue 38): `ask_on` is the morning whose digest asks if the bike is still out, `asked_at` when that was queued (once). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('out_of_service').addColumn('ask_on', 'text').execute();
  await db.schema.alterTable('out_of_service').addColumn('asked_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('out_of_service').dropColumn('asked_at').execute();
  await db.schema.alterTable('out_of_service').dropColumn('ask_on').execute();
}
