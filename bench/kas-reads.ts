// `npx tsx bench/kas-reads.ts [FILE | postgres://…]`: the Kas overview, book of a month, its CSV and the dues grid timed in-process on
// five years of history (bench/years.ts), the first call after opening the database and the median of ten warm calls.
// FILE is written when missing and reused when it exists, so a run before and after a change reads the same data; a
// PostgreSQL URL names a database already filled (`npm run db:copy` of a FILE). Prints one JSON line.
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DatabaseLocation, parseDatabaseUrl } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { monthOf } from '../src/domain/fund/ledger';
import { todayIn } from '../src/domain/time/clock';
import { duesGrid, fundBook, fundCsv, fundOverview } from '../src/server/fund/service';
import { seedBenchData } from './dataset';
import { seedYears } from './years';

const TIME_ZONE = 'Asia/Jakarta';
const path = process.argv[2] ?? join(mkdtempSync(join(tmpdir(), 'pinjam-kas-')), 'years.db');
const location: DatabaseLocation = path.startsWith('postgres') ? parseDatabaseUrl(path) : { engine: 'sqlite', path };
const now = new Date();
const clock = { now, timeZone: TIME_ZONE };
const month = monthOf(todayIn(TIME_ZONE, now));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(work: () => Promise<unknown>) {
  const first = await timed(work);
  const warm: number[] = [];
  for (let run = 0; run < 10; run += 1) warm.push(await timed(work));
  warm.sort((a, b) => a - b);
  return { firstMs: Math.round(first * 10) / 10, warmMs: Math.round((warm[5] ?? 0) * 10) / 10 };
}

if (location.engine === 'sqlite') {
  const fresh = !existsSync(path);
  const db = createDb(location);
  // An existing file gets this code's indexes too, so one file serves a run before a change and one after it.
  await migrateToLatest(db);
  if (fresh) {
    const today = todayIn(TIME_ZONE, now);
    await seedBenchData(db, today);
    await seedYears(db, today, 5);
  }
  await db.close();
}
const load = loadavg()[0];
const results: Record<string, unknown> = {};
const cases: [string, (db: ReturnType<typeof createDb>) => Promise<unknown>][] = [
  ['overview', (db) => fundOverview(db.kysely, now, TIME_ZONE)],
  ['book', (db) => fundBook(db.kysely, { month, page: 1 }, clock)],
  ['csv', (db) => fundCsv(db.kysely, month, clock)],
  ['dues', (db) => duesGrid(db.kysely, Number(month.slice(0, 4)))],
];
for (const [name, work] of cases) {
  const db = createDb(location);
  const { firstMs, warmMs } = await measure(() => work(db));
  results[name] = { firstMs, warmMs };
  await db.close();
}
console.log(JSON.stringify({ path, month, loadBefore: load, loadAfter: loadavg()[0], ...results }));
