import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';

const BUSY_TIMEOUT_MS = 10_000;
const MAX_CACHED_STATEMENTS = 256;
// SQLite's own default; better-sqlite3 builds it with 16 MB, which the server's resident size showed after a bench's writes. Schedule reads
// are kept above it (0025) and the file is in the OS's cache: a miss costs a read call, not the disk (decision 0040).
const PAGE_CACHE_KIB = 2000;

export type OpenSqlite = SqliteDatabase & { readonly inTransaction: boolean };

/** The file could not be opened; `damaged` when SQLite says it is not a sound database. */
export class SqliteOpenError extends Error {
  readonly damaged: boolean;
  constructor(path: string, cause: unknown) {
    super(`cannot open ${path} (${(cause as Error).message})`, { cause });
    const code = (cause as { code?: string }).code ?? '';
    this.damaged = code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
  }
}

/** A missing folder is an error (a mistyped path must not become a new, empty database) unless `createFolder`. */
export function openSqlite(path: string, { createFolder = false } = {}): OpenSqlite {
  const folder = dirname(path);
  if (path !== ':memory:' && !existsSync(folder)) {
    if (!createFolder) throw new Error(`folder ${folder} does not exist`);
    mkdirSync(folder, { recursive: true });
  }
  const database = openWithPragmas(path);
  // Kysely prepares every query anew, which costs more than running it.
  const statements = new Map<string, SqliteStatement>();
  return {
    get inTransaction() {
      return database.inTransaction;
    },
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = withIntegerBooleans(database.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openWithPragmas(path: string): BetterSqlite3.Database {
  let database: BetterSqlite3.Database | undefined;
  try {
    database = new BetterSqlite3(path);
    database.pragma('journal_mode = WAL');
    // better-sqlite3 leaves WAL databases at NORMAL, which can lose the last commits on power loss.
    database.pragma('synchronous = FULL');
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    database.pragma('foreign_keys = ON');
    database.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    return database;
  } catch (error) {
    database?.close();
    throw new SqliteOpenError(path, error);
  }
}

// better-sqlite3 refuses to bind JS booleans.
function withIntegerBooleans(statement: BetterSqlite3.Statement): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) =>
    parameters.some((value) => typeof value === 'boolean')
      ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
      : parameters;
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bind(parameters)),
    run: (parameters) => statement.run(bind(parameters)),
    iterate: (parameters) => statement.iterate(bind(parameters)),
  };
}

// BEGIN IMMEDIATE: a deferred transaction that reads, then writes, fails with SQLITE_BUSY without
// waiting when another process (the roster command) wrote in between.
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #database: SqliteDialectConfig['database'];

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#database = config.database;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // After SQLITE_FULL or an I/O error SQLite has rolled back by itself: a ROLLBACK then fails
    // with "no transaction is active", and that error would replace the one that says why.
    if ('inTransaction' in this.#database && !this.#database.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}
