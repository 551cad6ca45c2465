import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from './engine';

/** Triggers, not app calls, so no write path (roster command, hand-fixed row) forgets the counter (docs/decisions/0025). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('schedule_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('schedule_version').values({ id: 1, version: 0 }).execute();

  if (isSqlite(db)) {
    const events = [
      ['booking_insert', 'insert on borrow_request'],
      ['booking_update', 'update on borrow_request'],
      ['booking_delete', 'delete on borrow_request'],
      ['user_update', 'update on users'],
      ['user_delete', 'delete on users'],
    ];
    for (const [name, event] of events) {
      await sql
        .raw(
          `create trigger schedule_version_${name} after ${event} begin update schedule_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql`create function raise_schedule_version() returns trigger language plpgsql as $$
    begin
      update schedule_version set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
  // Per statement, not per row: a statement that changes many rows raises the counter once.
  await sql`create trigger schedule_version_bookings after insert or update or delete on borrow_request
    for each statement execute function raise_schedule_version()`.execute(db);
  await sql`create trigger schedule_version_users after update or delete on users
    for each statement execute function raise_schedule_version()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) {
    for (const name of ['booking_insert', 'booking_update', 'booking_delete', 'user_update', 'user_delete']) {
      await sql.raw(`drop trigger schedule_version_${name}`).execute(db);
    }
  } else {
    await sql`drop trigger schedule_version_users on users`.execute(db);
    await sql`drop trigger schedule_version_bookings on borrow_request`.execute(db);
    await sql`drop function raise_schedule_version()`.execute(db);
  }
  await db.schema.dropTable('schedule_version').execute();
}
