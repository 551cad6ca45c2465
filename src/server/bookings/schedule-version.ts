import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';

type VersionRow = { version: number | string };

// Read on every schedule request: compiled once per dialect, like the day query.
const compiledVersionQueries = new WeakMap<object, CompiledQuery<VersionRow>>();

/** The counter the triggers of migration 0060 raise on every write to what the schedule shows. */
export async function readScheduleVersion(db: Executor): Promise<string> {
  const adapter = db.getExecutor().adapter;
  let compiled = compiledVersionQueries.get(adapter);
  if (!compiled) {
    compiled = db.selectFrom('schedule_version').select('version').where('id', '=', 1).compile();
    compiledVersionQueries.set(adapter, compiled);
  }
  return versionOf((await db.executeQuery(compiled)).rows);
}

/** The same read, as SQL for the drivers read directly below. */
const VERSION_SQL = 'select version from schedule_version where id = 1';

function versionOf(rows: readonly VersionRow[]): string {
  const [row] = rows;
  if (!row) throw new Error('schedule_version has no row: migration 0060 did not run');
  return String(row.version);
}

/**
 * How the schedule cache reads the counter. On SQLite the statement runs on the file's handle
 * directly: through Kysely it cost ten times the read itself, on every request. While Kysely
 * holds a transaction open on that one connection, a direct read would see the transaction's
 * raised counter before it commits, or even if it rolls back; then the read goes through Kysely,
 * which waits for the transaction to end.
 */
export function scheduleVersionReader(db: Db): () => Promise<string> {
  const { sqlite, pool } = db;
  if (pool) {
    // Named, so each connection plans it once.
    const query = { name: 'schedule_version', text: VERSION_SQL };
    return async () => versionOf((await pool.query<VersionRow>(query)).rows);
  }
  if (!sqlite) return () => readScheduleVersion(db.kysely);
  const statement = sqlite.prepare(VERSION_SQL);
  return async () => {
    if (sqlite.inTransaction) return readScheduleVersion(db.kysely);
    return versionOf(statement.all([]) as VersionRow[]);
  };
}
