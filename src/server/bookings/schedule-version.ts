import type { CompiledQuery } from 'kysely';
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
  const { rows } = await db.executeQuery(compiled);
  const row = rows[0];
  if (!row) throw new Error('schedule_version has no row: migration 0060 did not run');
  return String(row.version);
}
