import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { ImmediateSqliteDialect, type OpenSqlite, openSqlite } from './sqlite-dialect';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /**
   * SQLite only: the file's own handle under Kysely, for a read on every request that must not
   * queue behind Kysely's connection lock (bookings/schedule-version.ts). Reads only.
   */
  sqlite?: OpenSqlite;
  close(): Promise<void>;
}

export type DatabaseLocation = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** 'postgres://…' or 'postgresql://…' is PostgreSQL; 'file:PATH' or a bare path is SQLite. */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (/^postgres(ql)?:\/\//i.test(url)) return { engine: 'postgres', url };
  if (url.startsWith('file:')) return { engine: 'sqlite', path: url.slice('file:'.length) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`unknown scheme '${url.split(':')[0]}:' (use postgres://, postgresql:// or file:PATH)`);
  }
  if (url.trim() === '') throw new Error('empty (use postgres://…, postgresql://… or file:PATH)');
  return { engine: 'sqlite', path: url };
}

export function createDb(location: DatabaseLocation, options: { poolSize?: number } = {}): Db {
  if (location.engine === 'sqlite') {
    const sqlite = openSqlite(location.path);
    const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { kysely, engine: 'sqlite', sqlite, close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({ connectionString: location.url, max: options.poolSize ?? 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, engine: 'postgres', close: () => kysely.destroy() };
}

/** SQLite stores booleans as 0/1; PostgreSQL returns real booleans. */
export function toBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}
