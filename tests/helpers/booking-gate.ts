import { InsertQueryNode, Kysely, type KyselyPlugin, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../src/db/database';
import type { Database } from '../../src/db/schema';
import { ImmediateSqliteDialect, openSqlite } from '../../src/db/sqlite-dialect';
import type { TestDatabase } from './test-db';

/**
 * A barrier inside the database: once armed, the next booking's insert is held until `release`,
 * so its transaction stays open, the booking lock taken, while a test sends more requests. A
 * barrier, not a sleep. Only that insert: the app's background rounds query from its start, and
 * one of theirs held instead would hold no lock.
 */
export class QueryGate implements KyselyPlugin {
  #armed = false;
  #reached = false;
  #heldQuery: object | undefined;
  #release: () => void = () => {};

  arm(): void {
    this.#armed = true;
    this.#reached = false;
  }

  /** True once a query is being held. */
  get reached(): boolean {
    return this.#reached;
  }

  release(): void {
    this.#release();
  }

  transformQuery: KyselyPlugin['transformQuery'] = ({ node, queryId }) => {
    if (this.#armed && InsertQueryNode.is(node) && node.into?.table.identifier.name === 'borrow_request') {
      this.#armed = false;
      this.#heldQuery = queryId;
    }
    return node;
  };

  transformResult: KyselyPlugin['transformResult'] = async ({ result, queryId }) => {
    if (queryId === this.#heldQuery) {
      this.#heldQuery = undefined;
      const released = new Promise<void>((resolve) => {
        this.#release = resolve;
      });
      this.#reached = true;
      await released;
    }
    return result;
  };
}

/** The test database opened with `gate` on every query. */
export function gatedDb(database: TestDatabase, gate: QueryGate): Db {
  const db = createDb(database.location);
  return { ...db, kysely: db.kysely.withPlugin(gate) };
}

function testPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => console.warn(`test pool: ${error.message}`));
  return pool;
}

/**
 * The test database opened so that a commit for which `loseCommit()` answers true reaches the
 * database and then fails, as when the database's reply is lost on the way back.
 */
export function lostCommitDb(database: TestDatabase, loseCommit: () => boolean, gate?: QueryGate): Db {
  const location = database.location;
  const wrap = <Driver extends { commitTransaction(...args: never[]): Promise<void> }>(driver: Driver): Driver => {
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (...args) => {
      await commit(...args);
      if (loseCommit()) throw new Error('connection lost before the commit was acknowledged (test)');
    };
    return driver;
  };
  const dialect =
    location.engine === 'sqlite'
      ? new (class extends ImmediateSqliteDialect {
          override createDriver() {
            return wrap(super.createDriver());
          }
        })({ database: openSqlite(location.path) })
      : new (class extends PostgresDialect {
          override createDriver() {
            return wrap(super.createDriver());
          }
        })({ pool: testPool(location.url) });
  const base = new Kysely<Database>({ dialect });
  const kysely = gate ? base.withPlugin(gate) : base;
  return { kysely, engine: location.engine, close: () => base.destroy() };
}
