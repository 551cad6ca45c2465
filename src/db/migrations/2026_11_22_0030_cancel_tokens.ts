import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('borrow_request').addColumn('cancel_token_hash', 'text').execute();
  await db.schema.createIndex('borrow_request_cancel_token_hash').unique().on('borrow_request').column('cancel_token_hash').execute();

  await db.schema
    .createTable('cancel_token_attempts')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'boolean', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cancel_token_attempts_ip').on('cancel_token_attempts').columns(['ip', 'attempted_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('cancel_token_attempts').execute();
  await db.schema.dropIndex('borrow_request_cancel_token_hash').execute();
  await db.schema.alterTable('borrow_request').dropColumn('cancel_token_hash').execute();
}
