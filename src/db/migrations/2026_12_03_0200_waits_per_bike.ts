import { isSqlite, type MigrationDb } from './engine';

/**
 * A wait per bike (docs/decisions/0062): `any_bike` marks a `Motor mana saja` wait, offered whichever active bike frees its span
 * (existing waits keep their `motorbike_id`, the first bike's); an offer holds the bike it was made on, existing ones the first.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('slot_wait')
    .addColumn('any_bike', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // SQLite refuses a REFERENCES column with a default when foreign keys are on, as in 2026_12_01_0300.
  await db.schema
    .alterTable('slot_offer')
    .addColumn('motorbike_id', 'integer', (col) => {
      const required = col.notNull().defaultTo(1);
      return isSqlite(db) ? required : required.references('motorbike.id');
    })
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('slot_offer').dropColumn('motorbike_id').execute();
  await db.schema.alterTable('slot_wait').dropColumn('any_bike').execute();
}
