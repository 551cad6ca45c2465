import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('address_events')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('address_events_kind_ip_at').on('address_events').columns(['kind', 'ip', 'at']).execute();
  await db.schema.createIndex('address_events_at').on('address_events').column('at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('address_events').execute();
}
