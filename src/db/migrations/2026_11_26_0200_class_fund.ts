import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/** The class fund (0039): a booking's purpose, the committee mark, one kept charge per loan, the payments and expenses of the balance. */
export async function up(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .alterTable('users')
    .addColumn('committee', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('borrow_request')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('personal'))
    .execute();

  await db.schema
    .createTable('charge')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('booking_id', 'integer', (col) => col.notNull().unique().references('borrow_request.id'))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('computed_total', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('provisional', 'boolean', (col) => col.notNull())
    .addColumn('admin_amount', 'integer')
    .addColumn('admin_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('charge_users').on('charge').column('users_id').execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('paid_on', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_users').on('payment').column('users_id').execute();

  await db.schema
    .createTable('expense')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('spent_on', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['expense', 'payment', 'charge']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('borrow_request').dropColumn('purpose').execute();
  await db.schema.alterTable('users').dropColumn('committee').execute();
}
