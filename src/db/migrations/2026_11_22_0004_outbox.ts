import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('given_up_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'given_up_at', 'next_attempt_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
