import type { MigrationDb } from './engine';

/** A refused sign-in names the address it came from, and repeats from there within a minute raise one entry's count. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('address', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('repeats', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('repeats').execute();
  await db.schema.alterTable('audit_log').dropColumn('address').execute();
}
