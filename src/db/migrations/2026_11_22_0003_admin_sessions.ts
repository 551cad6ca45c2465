import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'boolean', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_name').on('login_attempts').columns(['name_key', 'attempted_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('admin_sessions').execute();
}
