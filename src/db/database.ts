import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { type ListenerEvents, type ListenerTimings, PgListener } from './listener';
import { postgresDriver } from './postgres-driver';
import type { Database } from './schema';
import { ImmediateSqliteDialect, type OpenSqlite, openSqlite } from './sqlite-dialect';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** SQLite only, reads only: for a read that must not queue behind Kysely's connection lock (bookings/schedule/version.ts). */
  sqlite?: OpenSqlite;
  /** PostgreSQL only: for the same read as a prepared statement, planned once per connection. */
  pool?: pg.Pool;
  /** PostgreSQL only: notices on `channel` through a connection of their own, reopened when lost until `close`. */
  listen?(channel: string, events: ListenerEvents): void;
  close(): Promise<void>;
}

export type DatabaseLocation = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (/^postgres(ql)?:\/\//i.test(url)) return { engine: 'postgres', url };
  if (url.startsWith('file:')) return { engine: 'sqlite', path: url.slice('file:'.length) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`unknown scheme '${url.split(':')[0]}:' (use postgres://, postgresql:// or file:PATH)`);
  }
  if (url.trim() === '') throw new Error('empty (use postgres://…, postgresql://… or file:PATH)');
  return { engine: 'sqlite', path: url };
}

/** PostgreSQL session limits, so that one frozen instance cannot hold the others' booking lock for long. */
export interface PostgresTimeouts {
  lockMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

export interface CreateDbOptions {
  postgresTimeouts?: PostgresTimeouts;
  /** Make the SQLite file's folder when it is missing: only for the default ./data. */
  createSqliteFolder?: boolean;
  poolSize?: number;
  /** Told when PostgreSQL ends a pooled or listening connection; both are reopened by themselves. */
  onConnectionError?: (error: Error) => void;
  listenerTimings?: Partial<ListenerTimings>;
}

export function createDb(location: DatabaseLocation, options: CreateDbOptions = {}): Db {
  if (location.engine === 'sqlite') {
    const sqlite = openSqlite(location.path, { createFolder: options.createSqliteFolder ?? false });
    const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { kysely, engine: 'sqlite', sqlite, close: () => kysely.destroy() };
  }
  const timeouts = options.postgresTimeouts;
  const pool = new (postgresDriver().Pool)({
    connectionString: location.url,
    max: options.poolSize ?? 10,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      options: `-c lock_timeout=${timeouts.lockMs} -c statement_timeout=${timeouts.statementMs} -c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
    }),
  });
  const onConnectionError =
    options.onConnectionError ?? ((error: Error) => console.warn(`database: a connection was closed (${error.message})`));
  // pg-pool listens on idle connections only, and an unheard error ends the process: every
  // connection gets its own listener, so the pool's event has been told already.
  pool.on('connect', (client) => client.on('error', onConnectionError));
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

export function toBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}
