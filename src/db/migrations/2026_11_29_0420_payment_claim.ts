import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/** `Saya sudah bayar` (0053): a student's word that a charge is paid; only the treasurer's confirmation appends a payment. One per loan. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('payment_claim')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('booking_id', 'integer', (col) => col.notNull().unique().references('borrow_request.id'))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('payment_claim').execute();
}
