import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from './engine';

/** PostgreSQL also announces each raise at commit, so instances need not read the counter (docs/decisions/0032). */
export async function up(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function raise_schedule_version() returns trigger language plpgsql as $$
    declare
      raised bigint;
    begin
      update schedule_version set version = version + 1 where id = 1 returning version into raised;
      perform pg_notify('schedule_version', raised::text);
      return null;
    end
  $$`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function raise_schedule_version() returns trigger language plpgsql as $$
    begin
      update schedule_version set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
}
