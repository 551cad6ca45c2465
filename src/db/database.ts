import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type ListenerEvents, type ListenerTimings, PgListener } from './listener';
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
  /**
   * PostgreSQL only: the pool under Kysely, for the same read as a prepared statement, which the
   * server plans once per connection instead of on every request (bookings/schedule-version.ts).
   */
  pool?: pg.Pool;
  /**
   * PostgreSQL only: notices on `channel`, through a connection of their own that is reopened
   * whenever it is lost, until `close` (db/listener.ts).
   */
  listen?(channel: string, events: ListenerEvents): void;
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

export interface CreateDbOptions {
  poolSize?: number;
  /**
   * Told when the server ends a pooled PostgreSQL connection (a restart, a failover,
   * pg_terminate_backend), idle or between the queries of a request. The query in flight, if
   * any, fails on its own; the pool drops the connection and opens a fresh one for the next
   * query. Without a listener the error event would end the process. Also told when a
   * listener's connection (`Db.listen`) is lost or cannot be opened; it is reopened by itself.
   */
  onConnectionError?: (error: Error) => void;
  /** How a listener (`Db.listen`) retries and checks its connection; tests shorten them. */
  listenerTimings?: Partial<ListenerTimings>;
}

export function createDb(location: DatabaseLocation, options: CreateDbOptions = {}): Db {
  if (location.engine === 'sqlite') {
    const sqlite = openSqlite(location.path);
    const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { kysely, engine: 'sqlite', sqlite, close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({ connectionString: location.url, max: options.poolSize ?? 10 });
  const onConnectionError =
    options.onConnectionError ?? ((error: Error) => console.warn(`database: a connection was closed (${error.message})`));
  // pg-pool listens on idle connections only; a connection checked out between two queries has
  // no listener but this one.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The connection's own listener above has told of it already.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners: PgListener[] = [];
  return {
    kysely,
    engine: 'postgres',
    pool,
    listen: (channel, events) => {
      const logged: ListenerEvents = {
        listening: () => events.listening(),
        notice: (payload) => events.notice(payload),
        lost: (error) => {
          onConnectionError(error);
          events.lost(error);
        },
      };
      listeners.push(new PgListener(location.url, channel, logged, options.listenerTimings));
    },
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.close()));
      await kysely.destroy();
    },
  };
}

/** SQLite stores booleans as 0/1; PostgreSQL returns real booleans. */
export function toBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}
