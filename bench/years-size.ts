// `npx tsx bench/years-size.ts [YEARS]`: the SQLite file after YEARS (5) of history, after the
// retention job and VACUUM, and of the kept history alone; `npm run backup` and `npm run db:copy`
// timed on it (db:copy when PostgreSQL answers). Prints one JSON line; docs/performance.md has a run.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildIfStale } from '../scripts/build.mjs';
import { createDb } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { todayIn } from '../src/domain/time/clock';
import { pruneHistory } from '../src/server/retention/service';
import { seedBenchData } from './dataset';
import { seedYears } from './years';

const YEARS = Number(process.argv[2] ?? 5);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dir = mkdtempSync(join(tmpdir(), 'pinjam-years-'));
const mb = (path: string) =>
  Math.round(([path, `${path}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0) / 2 ** 20) * 10) / 10;
const open = (path: string) => createDb({ engine: 'sqlite', path });

async function timed<T>(work: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

/** A copy of `source` with `change` applied, then VACUUM: its size before and after the VACUUM. */
async function variant(source: string, name: string, change: (db: ReturnType<typeof open>) => Promise<unknown>) {
  const path = join(dir, `${name}.db`);
  copyFileSync(source, path);
  const db = open(path);
  const changed = await timed(() => change(db));
  await db.close();
  const beforeVacuum = mb(path);
  const vacuumDb = open(path);
  const vacuum = await timed(() => sql`vacuum`.execute(vacuumDb.kysely));
  await vacuumDb.close();
  return { changeMs: changed.ms, result: changed.value, beforeVacuumMb: beforeVacuum, vacuumMs: vacuum.ms, afterVacuumMb: mb(path) };
}

async function postgresCopy(source: string): Promise<number | string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return 'skipped: PostgreSQL does not answer';
  }
  const name = `pinjam_years_${process.pid}`;
  await admin.query(`create database "${name}"`);
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  try {
    const env = { ...process.env, DATABASE_URL: `file:${source}` };
    return (
      await timed(() => execFileSync(process.execPath, ['scripts/db.mjs', 'copy', '--to', target.toString()], { env, stdio: 'ignore' }))
    ).ms;
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await buildIfStale();
const path = join(dir, 'five-years.db');
const db = open(path);
await migrateToLatest(db);
const now = new Date();
await seedBenchData(db, todayIn('Asia/Jakarta', now));
const seeded = await timed(() => seedYears(db, todayIn('Asia/Jakarta', now), YEARS));
await db.close();
const loadBefore = loadavg()[0] ?? 0;
const backupPath = join(dir, 'backup.db');
const backup = await timed(() =>
  execFileSync(process.execPath, ['scripts/db.mjs', 'backup', backupPath], {
    env: { ...process.env, DATABASE_URL: `file:${path}` },
    stdio: 'ignore',
  }),
);
const copy = await postgresCopy(path);
const retained = await variant(path, 'retained', (one) => pruneHistory(one, now, 90));
const historyOnly = await variant(path, 'history', async (one) => {
  for (const table of ['outbox', 'address_events', 'idempotency_keys'] as const) await one.kysely.deleteFrom(table).execute();
});
console.log(
  JSON.stringify({
    years: YEARS,
    rows: seeded.value,
    seedMs: seeded.ms,
    fileMb: mb(path),
    backup: { ms: backup.ms, mb: mb(backupPath) },
    dbCopy: copy,
    retention: retained,
    historyAlone: historyOnly,
    retainedOverHistory: Math.round((retained.afterVacuumMb / historyOnly.afterVacuumMb) * 100) / 100,
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
  }),
);
rmSync(dir, { recursive: true, force: true });
