import type { KyselyPlugin } from 'kysely';
import type { Db } from '../../src/db/database';
import type { TestDatabase } from './test-db';

/**
 * A database the test takes away and brings back inside one process: while `down`, every query
 * fails as a refused PostgreSQL connection does. Only through Kysely: the engines' shortcuts
 * (SQLite's statement, the pool's prepared read, LISTEN) are left out, and their callers read through Kysely.
 */
export function switchableDatabase(code = 'ECONNREFUSED') {
  let down = false;
  let failures = 0;
  const fail = () => {
    failures += 1;
    return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (down) throw fail();
      return args.node;
    },
    transformResult: async (args) => {
      if (down) throw fail();
      return args.result;
    },
  };
  return {
    open: (database: TestDatabase): Db => {
      const real = database.open();
      return { kysely: real.kysely.withPlugin(plugin), engine: real.engine, close: () => real.close() };
    },
    down: () => {
      down = true;
    },
    up: () => {
      down = false;
    },
    /** Queries refused so far. */
    failures: () => failures,
  };
}
