import { sql } from 'kysely';
import type { MigrationDb } from './engine';

/** The dues grid reads one year's dues: by this index, not by every entry of the ledger (0064). Covering, and only over dues. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('ledger_entry_dues')
    .on('ledger_entry')
    .columns(['dues_month', 'users_id', 'cash'])
    .where(sql.ref('dues_month'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('ledger_entry_dues').execute();
}
