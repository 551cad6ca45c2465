import type { MigrationDb } from './engine';

/**
 * `Cara bayar` (docs/decisions/0053): the one place the treasurer says how to pay, shown wherever a student sees a charge, with an optional
 * QRIS picture (base64 PNG, resized and without metadata). One row, replaced when the treasurer saves it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('fund_how_to_pay')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('treasurer', 'text', (col) => col.notNull())
    .addColumn('account', 'text', (col) => col.notNull())
    .addColumn('qris_png', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('fund_how_to_pay').execute();
}
