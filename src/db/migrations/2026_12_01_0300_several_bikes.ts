import { isSqlite, type MigrationDb } from './engine';

/** The tables whose rows belong to one bike; `out_of_service` has had its `motorbike_id` since 2026_11_27_0100. */
const OWNED_BY_A_BIKE = ['borrow_request', 'slot_wait'] as const;

/**
 * Several bikes (docs/decisions/0060): the `motorbike` table holds every bike, in the Motor tab's order, with an `Aktif` switch and
 * its owner's chat (null: `TELEGRAM_CHAT_ID`); bookings (and so their handovers) and waits name their bike, existing rows the first.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('motorbike')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('motorbike')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('motorbike').addColumn('owner_chat_id', 'text').execute();
  await db.schema.alterTable('motorbike').addColumn('owner_link_code_hash', 'text').execute();
  await db.schema.alterTable('motorbike').addColumn('owner_link_expires_at', 'text').execute();
  await db
    .updateTable('motorbike')
    .set((eb) => ({ sort_order: eb.ref('id') }))
    .execute();
  for (const table of OWNED_BY_A_BIKE) {
    // SQLite refuses a REFERENCES column with a default when foreign keys are on; the id is checked by the services there.
    await db.schema
      .alterTable(table)
      .addColumn('motorbike_id', 'integer', (col) => {
        const required = col.notNull().defaultTo(1);
        return isSqlite(db) ? required : required.references('motorbike.id');
      })
      .execute();
  }
  await db.schema.createIndex('motorbike_owner_chat').on('motorbike').column('owner_chat_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('motorbike_owner_chat').execute();
  for (const table of [...OWNED_BY_A_BIKE].reverse()) await db.schema.alterTable(table).dropColumn('motorbike_id').execute();
  for (const column of ['owner_link_expires_at', 'owner_link_code_hash', 'owner_chat_id', 'sort_order', 'active']) {
    await db.schema.alterTable('motorbike').dropColumn(column).execute();
  }
}
