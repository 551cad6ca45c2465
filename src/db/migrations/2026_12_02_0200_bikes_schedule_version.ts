import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from './engine';

/** With two or more active bikes the schedule's answers name them (0060): a write to `motorbike` raises the counter too. */
export async function up(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) {
    for (const event of ['insert', 'update']) {
      await sql
        .raw(
          `create trigger schedule_version_motorbike_${event} after ${event} on motorbike begin update schedule_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql`create trigger schedule_version_motorbike after insert or update on motorbike
    for each statement execute function raise_schedule_version()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger schedule_version_motorbike_${event}`).execute(db);
    return;
  }
  await sql`drop trigger schedule_version_motorbike on motorbike`.execute(db);
}
