import type { MigrationDb } from './engine';

/** `Cara bayar` (0053): one row, replaced on save, with an optional QRIS picture (base64 PNG, resized, metadata stripped). */
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
