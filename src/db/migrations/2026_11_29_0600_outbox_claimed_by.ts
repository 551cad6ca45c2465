import type { MigrationDb } from './engine';

/**
 * Who holds an outbox row's claim (docs/decisions/0055): claims are short and each send renews
 * its own first, which only the holder may do, so a claim that expired and was taken by another
 * instance is never sent by its former holder as well.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claimed_by').execute();
}
