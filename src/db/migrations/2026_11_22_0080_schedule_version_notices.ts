import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from './engine';

/**
 * On PostgreSQL the counter of migration 0060 is also announced: each raise sends the new value
 * on the channel `schedule_version`, delivered at commit (and never for a rollback), so an
 * instance can follow the counter without reading it on every turn (docs/decisions/0032).
 * SQLite has no notices; there the read stays, and costs little.
 */
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
