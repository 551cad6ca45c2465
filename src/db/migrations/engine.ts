import { type Kysely, SqliteAdapter } from 'kysely';

/** Migrations are frozen in time and see only Kysely<any>; this tells them which engine runs them. */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export function serialPrimaryKeyType(db: Kysely<unknown>): 'integer' | 'serial' {
  return isSqlite(db) ? 'integer' : 'serial';
}

export type MigrationDb = Kysely<any>; // any: migrations are frozen in time, so they are not typed by the current schema
