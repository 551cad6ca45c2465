import { randomBytes } from 'node:crypto';
import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

function newRef(): string {
  return randomBytes(12).toString('base64url');
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable('users').addColumn('ref', 'text').execute();
  const users: { id: string }[] = await db.selectFrom('users').select('id').execute();
  for (const user of users) await db.updateTable('users').set({ ref: newRef() }).where('id', '=', user.id).execute();
  await db.schema.createIndex('users_ref').unique().on('users').column('ref').execute();

  await db.schema.alterTable('vouchers').addColumn('note', 'text').execute();
  await db.schema.alterTable('vouchers').addColumn('revoked_at', 'text').execute();
  await db.schema
    .alterTable('vouchers')
    .addColumn('revoked_by', 'text', (col) => col.references('users.id'))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', serialPrimaryKeyType(db), (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'text', (col) => col.references('users.id'))
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  for (const column of ['revoked_by', 'revoked_at', 'note']) await db.schema.alterTable('vouchers').dropColumn(column).execute();
  await db.schema.dropIndex('users_ref').execute();
  for (const column of ['ref', 'active']) await db.schema.alterTable('users').dropColumn(column).execute();
}
