import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/**
 * Borrowers in the chat (docs/decisions/0043): a device (its secret stored hashed) and the bookings made from it, one-use link codes
 * (hashed), the chats linked to a device, and the outbox row's own chat (null: the owner's chat, as before).
 */
export async function up(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('borrower_device')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('borrower_device_booking')
    .addColumn('device_id', 'integer', (col) => col.notNull().references('borrower_device.id'))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('borrow_request.id'))
    .addPrimaryKeyConstraint('borrower_device_booking_pk', ['device_id', 'booking_id'])
    .execute();
  await db.schema.createIndex('borrower_device_booking_booking').on('borrower_device_booking').column('booking_id').execute();
  await db.schema
    .createTable('borrower_link_code')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('device_id', 'integer', (col) => col.notNull().references('borrower_device.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('borrower_chat')
    .addColumn('chat_id', 'text', (col) => col.notNull())
    .addColumn('device_id', 'integer', (col) => col.notNull().references('borrower_device.id'))
    .addColumn('linked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('borrower_chat_pk', ['chat_id', 'device_id'])
    .execute();
  await db.schema.createIndex('borrower_chat_device').on('borrower_chat').column('device_id').execute();
  await db.schema.alterTable('outbox').addColumn('chat_id', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('chat_id').execute();
  for (const table of ['borrower_chat', 'borrower_link_code', 'borrower_device_booking', 'borrower_device']) {
    await db.schema.dropTable(table).execute();
  }
}
