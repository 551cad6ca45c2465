import type { MigrationDb } from './engine';

/** Nullable, so rows imported from the original app stay valid. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('borrow_request').addColumn('end_date', 'text').execute();
  await db.schema
    .alterTable('borrow_request')
    .addColumn('voucher_code', 'text', (col) => col.references('vouchers.code'))
    .execute();
  await db.schema.alterTable('borrow_request').addColumn('created_at', 'text').execute();
  await db.schema.createIndex('borrow_request_end_date').on('borrow_request').column('end_date').execute();
  await db.schema.createIndex('borrow_request_voucher_code').on('borrow_request').column('voucher_code').execute();

  await db.schema.alterTable('vouchers').addColumn('created_at', 'text').execute();
  await db.schema.alterTable('vouchers').addColumn('created_by', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('borrow_request_voucher_code').execute();
  await db.schema.dropIndex('borrow_request_end_date').execute();
  for (const column of ['created_at', 'voucher_code', 'end_date']) {
    await db.schema.alterTable('borrow_request').dropColumn(column).execute();
  }
  await db.schema.alterTable('vouchers').dropColumn('created_by').execute();
  await db.schema.alterTable('vouchers').dropColumn('created_at').execute();
}
