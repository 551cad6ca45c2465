import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/**
 * Web Push (issue 41, 0058): a device's push subscriptions (endpoint and its keys), and the VAPID keys generated at first start when none
 * are set, one row every instance reads.
 */
export async function up(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('device_id', 'integer', (col) => col.notNull().references('borrower_device.id'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscription_device').on('push_subscription').column('device_id').execute();
  await db.schema
    .createTable('push_key')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('push_key').execute();
  await db.schema.dropTable('push_subscription').execute();
}
