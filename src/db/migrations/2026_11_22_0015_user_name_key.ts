import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from './engine';

/** `nameKey` as it was when this was written: migrations are frozen in time; a changed key needs a new migration. */
function nameKeyAsOf20261122(name: string): string {
  // İ and ı, escaped as in nameKey: the same characters.
  const spaced = name
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\u0130\u0131]/g, 'i');
  let folded = '';
  for (const char of spaced) folded += char.toLowerCase().toUpperCase().toLowerCase();
  return folded.normalize('NFC');
}

/** A stored key instead of `lower(trim(name))`, which folds only ASCII on SQLite. */
export async function up(db: MigrationDb): Promise<void> {
  const users: { id: string; name: string }[] = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
  const keys = new Map<string, string>();
  const clashes: string[] = [];
  for (const user of users) {
    const key = nameKeyAsOf20261122(user.name);
    const earlier = keys.get(key);
    if (earlier !== undefined) clashes.push(`'${earlier}' and '${user.name}'`);
    keys.set(key, user.name);
  }
  // Checked before anything changes: SQLite runs a migration outside a transaction.
  if (clashes.length > 0) {
    throw new Error(
      `users ${clashes.join(', ')} are one name once case and spaces are ignored; rename one of each (update users set name = … where id = …) and start again`,
    );
  }
  // SQLite cannot add a NOT NULL column without a default; every insert of the app sets the key.
  await db.schema
    .alterTable('users')
    .addColumn('name_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  for (const user of users) {
    await db
      .updateTable('users')
      .set({ name_key: nameKeyAsOf20261122(user.name) })
      .where('id', '=', user.id)
      .execute();
  }
  if (!isSqlite(db)) await sql`alter table users alter column name_key drop default`.execute(db);
  await db.schema.dropIndex('users_name_key').execute();
  await db.schema.createIndex('users_name_key').on('users').column('name_key').unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('users_name_key').execute();
  await db.schema.createIndex('users_name_key').on('users').unique().expression(sql`lower(trim(name))`).execute();
  await db.schema.alterTable('users').dropColumn('name_key').execute();
}
