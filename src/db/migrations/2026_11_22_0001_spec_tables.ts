import { sql } from 'kysely';
import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('class', 'text', (col) => col.notNull())
    .addColumn('role', 'text')
    .execute();
  await db.schema.createIndex('users_name_key').on('users').unique().expression(sql`lower(trim(name))`).execute();

  await db.schema
    .createTable('borrow_request')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('borrow_date', 'text', (col) => col.notNull())
    .addColumn('start_time', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('need_stnk', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('borrow_request_borrow_date').on('borrow_request').column('borrow_date').execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('is_used', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('vouchers').execute();
  await db.schema.dropTable('borrow_request').execute();
  await db.schema.dropTable('users').execute();
}
