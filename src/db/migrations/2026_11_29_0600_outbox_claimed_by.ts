import type { MigrationDb } from './engine';

/** Who holds an outbox row's claim: only the holder renews it before a send (docs/decisions/0055). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claimed_by').execute();
}
