import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/**
 * The waiting list (docs/decisions/0044): a device's wait for a span, and the offers made to it, each holding its span for a while. An
 * offer not ended whose hold has not passed is the hold every booking transaction checks.
 */
export async function up(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('slot_wait')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('device_id', 'integer', (col) => col.notNull().references('borrower_device.id'))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('borrow_date', 'text', (col) => col.notNull())
    .addColumn('start_time', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('ended_how', 'text')
    .execute();
  await db.schema.createIndex('slot_wait_open').on('slot_wait').columns(['ended_at', 'borrow_date']).execute();
  await db.schema.createIndex('slot_wait_device').on('slot_wait').column('device_id').execute();
  await db.schema
    .createTable('slot_offer')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('wait_id', 'integer', (col) => col.notNull().references('slot_wait.id'))
    .addColumn('borrow_date', 'text', (col) => col.notNull())
    .addColumn('start_time', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text', (col) => col.notNull())
    .addColumn('offered_at', 'text', (col) => col.notNull())
    .addColumn('hold_until', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('ended_how', 'text')
    .addColumn('booking_id', 'integer', (col) => col.references('borrow_request.id'))
    .execute();
  await db.schema.createIndex('slot_offer_open').on('slot_offer').columns(['ended_at', 'borrow_date']).execute();
  await db.schema.createIndex('slot_offer_wait').on('slot_offer').column('wait_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('slot_offer').execute();
  await db.schema.dropTable('slot_wait').execute();
}
