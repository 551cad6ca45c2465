// `npm run bench`: load figures for the production build, measured side by side in one run and
// reported as ratios to a bare-Fastify ceiling. Not part of `npm test`: machines are noisy.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfStale } from '../scripts/build.mjs';
import { productionRuntime } from '../scripts/server-runtime.mjs';
import { createDb, type DatabaseLocation } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { addDays, startOfWeek, todayIn } from '../src/domain/time/clock';
import { addUsers } from '../src/server/roster/service';
import { seedBenchData } from './dataset';
import { seedYears } from './years';
import { adminCases, BENCH_ADMIN, compareTable, type YearsRun } from './years-cases';

const CONNECTIONS = 50;
const COLD_STARTS = 5;
// The bench's own, emptied before each engine's first start, which it times apart.
const CODE_CACHE_DIR = join(tmpdir(), `pinjam-bench-code-cache-${process.pid}`);
// As `npm start` runs the server in production: its allocator settings and Node flags.
const RUNTIME = productionRuntime();
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// `--years N`: each engine twice, on the bench's 60 days and on N years of history before them (bench/years.ts).
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const YEARS = Number(flag('--years') ?? 0);
if (!(YEARS >= 0 && YEARS <= 20)) throw new Error('--years takes a number of years from 0 to 20');
// `--cases gets`: only the schedule GETs and their ceilings (1, 2, 2b, 2c), with each side's CPU time a request, printed and
// written nowhere, so before and after a change can be alternated (issue 44). `--engine sqlite|postgres`: that engine only.
const GETS_ONLY = flag('--cases') === 'gets';
if (!GETS_ONLY && flag('--cases') !== undefined) throw new Error('--cases takes only `gets`');
const ENGINE = flag('--engine');
if (ENGINE !== undefined && ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error('--engine takes sqlite or postgres');
type Engine = 'sqlite' | 'postgres';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface MeasuredCase extends LoadResult {
  name: string;
  /** The ceiling measured right before this case, which its ratio is taken against. */
  pairedCeilingRps?: number;
  /** CPU time (user and system, /proc/PID/stat) the answering process spent a request during the measured run. */
  cpuUsPerRequest?: number;
  pairedCeilingCpuUs?: number;
}

export interface CaseResult extends MeasuredCase {
  ratioToCeiling: number;
  /** The booking POST against the write ceiling (SQLite): one durable insert per request. */
  ratioToWriteCeiling?: number;
}

export interface EngineResult {
  engine: string;
  /** Years of history under the bench's 60 days (0: the bench's own data only), and the SQLite file's size. */
  years?: number;
  databaseMb?: number;
  /** Booking transactions written during the run and how many bookings they held. */
  bookingBatches?: { batches: number; jobs: number; largest: number; average: number } | undefined;
  /** Medians of COLD_STARTS starts: the server's, and a bare Fastify server's with the same flags. */
  coldStartMs: number;
  coldStartCeilingMs: number;
  /** The start that found no code cache and wrote one (decision 0047): once after each build. */
  firstStartMs: number;
  peakRssMb: number;
  rssAfterMb: number;
  /** The V8 heap in use, as the server logged it when told to close, right after the RSS was read. */
  heapUsedAfterMb: number | undefined;
  cases: CaseResult[];
}

function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

async function waitFor(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * A single request of the bench itself (not load). After a load case the server may already have
 * closed the idle keep-alive connection fetch wants to reuse; such a request is tried once more.
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

function load(spec: Record<string, unknown>): LoadResult {
  const output = execFileSync(process.execPath, ['bench/load.mjs', JSON.stringify(spec)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
}

function memoryMb(pid: number): { peak: number; current: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: field('VmHWM'), current: field('VmRSS') };
}

let serverOutput = '';

/** The batch sizes of booking transactions the server logged at close (decision record 0007). */
function bookingBatches(): { batches: number; jobs: number; largest: number } | undefined {
  for (const line of serverOutput.split('\n').reverse()) {
    if (!line.includes('bookingBatches')) continue;
    return (JSON.parse(line) as { bookingBatches: { batches: number; jobs: number; largest: number } }).bookingBatches;
  }
  return undefined;
}

/** The heap in use the server logged as it closed (src/server/main.ts). */
function heapUsedAtCloseMb(): number | undefined {
  for (const line of serverOutput.split('\n').reverse()) {
    if (!line.includes('"memory"')) continue;
    return Math.round((JSON.parse(line) as { memory: { heapUsed: number } }).memory.heapUsed / 2 ** 20);
  }
  return undefined;
}

function serverEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...RUNTIME.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    CODE_CACHE_DIR,
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'b'.repeat(32),
    // The daily backup would copy the whole file in the middle of a case.
    BACKUP_TIME: '',
    TELEGRAM_BOT_TOKEN: '',
    // One load generator on one address books hundreds of days ahead: the per-address limit
    // and the horizon would refuse it, and this measures saving, not refusing.
    BOOKING_LIMIT_PER_HOUR: '0',
    BOOKING_HORIZON_DAYS: '36500',
  };
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...RUNTIME.nodeArgs, 'dist/server/main.js'], {
    env: serverEnv(databaseUrl, port),
    // stdout is read for the booking batch sizes the server logs when it closes.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    serverOutput += chunk;
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return child;
}

/** Spawn → first 200 of `url`, in ms; the process is stopped again. */
async function timeToFirst200(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...RUNTIME.nodeArgs, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(url);
    return performance.now() - startedAt;
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Cold starts of the server and of the bare Fastify ceiling, alternated and run with the same
 * flags. One start moves by a third between runs and twice as much between machines; the
 * median of several, and its ratio to the ceiling's, mean something on any machine.
 */
async function coldStarts(databaseUrl: string): Promise<{ serverMs: number; ceilingMs: number; firstMs: number }> {
  const serverStart = () => {
    const port = freePort();
    return timeToFirst200(['dist/server/main.js'], serverEnv(databaseUrl, port), `http://127.0.0.1:${port}/healthz`);
  };
  rmSync(CODE_CACHE_DIR, { recursive: true, force: true });
  const firstMs = await serverStart();
  const server: number[] = [];
  const ceiling: number[] = [];
  for (let start = 0; start < COLD_STARTS; start++) {
    server.push(await serverStart());
    const ceilingPort = freePort();
    const ceilingArgs = ['bench/ceiling.mjs', String(ceilingPort), '[]', '[]'];
    ceiling.push(await timeToFirst200(ceilingArgs, { ...process.env, ...RUNTIME.env }, `http://127.0.0.1:${ceilingPort}/api/bookings`));
  }
  return { serverMs: Math.round(median(server)), ceilingMs: Math.round(median(ceiling)), firstMs: Math.round(firstMs) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<{ url: string; location: DatabaseLocation; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'pinjam-bench-'));
    const path = join(dir, 'bench.db');
    return { url: `file:${path}`, location: { engine, path }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `pinjam_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    location: { engine, url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** User and system time of a process so far, in µs. */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are the stat file's 14th and 15th fields, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measureCase(
  name: string,
  spec: Record<string, unknown>,
  warmupSpec: Record<string, unknown> = spec,
  pid?: number,
): Promise<MeasuredCase> {
  load({ ...warmupSpec, connections: CONNECTIONS, duration: WARMUP_S });
  const cpuBefore = pid === undefined ? 0 : cpuUs(pid);
  const result = load({ ...spec, connections: CONNECTIONS, duration: DURATION_S });
  const cpu = pid === undefined ? undefined : Math.round(((cpuUs(pid) - cpuBefore) / result.requests) * 10) / 10;
  const cpuShown = cpu === undefined ? '' : `, ${cpu} µs CPU a request`;
  console.log(
    `  ${name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}${cpuShown}`,
  );
  return { name, ...result, ...(cpu !== undefined && { cpuUsPerRequest: cpu }) };
}

/** A helper server of the bench (a ceiling) in its own process, ready to be loaded. */
async function startHelper(script: string, port: number): Promise<ChildProcess> {
  const child = fork(script, [String(port)], { stdio: 'inherit', execArgv: script.endsWith('.ts') ? ['--import', 'tsx'] : [] });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Cases 1, 2, 2b and 2c: each schedule GET right after a ceiling run of its own, with both processes' CPU time a request. */
async function scheduleGetCases(base: string, busiestDate: string, serverPid: number): Promise<MeasuredCase[]> {
  const dayPath = `/api/bookings?date=${busiestDate}`;
  const dayAnswer = await get(`${base}${dayPath}`);
  // A refused query would measure the refusal: the bench stops instead.
  if (dayAnswer.status !== 200) throw new Error(`${dayPath} answered ${dayAnswer.status}`);
  const dayJson = await dayAnswer.text();
  const weekFrom = startOfWeek(busiestDate);
  const weekPath = `/api/bookings?from=${weekFrom}&to=${addDays(weekFrom, 6)}`;
  const weekAnswer = await get(`${base}${weekPath}`);
  if (weekAnswer.status !== 200) throw new Error(`${weekPath} answered ${weekAnswer.status}`);
  const weekJson = await weekAnswer.text();

  const ceilingPort = freePort();
  const ceiling = fork('bench/ceiling.mjs', [String(ceilingPort), dayJson, weekJson], { stdio: 'inherit' });
  await new Promise((resolve) => ceiling.once('message', resolve));
  const ceilingSpec = { url: `http://127.0.0.1:${ceilingPort}${dayPath}` };
  // A week is seven days of JSON: its ceiling sends the same week's bytes, not one day's.
  const weekCeilingSpec = { url: `http://127.0.0.1:${ceilingPort}${weekPath}` };
  const ceilingPid = ceiling.pid ?? 0;
  // The schedule GETs carry a target as a ratio of the ceiling. On a shared machine the load
  // of others moves both within seconds, so each is measured right after a ceiling run of its
  // own and compared with that one.
  const paired = async (name: string, spec: Record<string, unknown>, pairedSpec = ceilingSpec): Promise<MeasuredCase> => {
    const pairedCeiling = await measureCase(`   (ceiling, paired with ${name.split(' ')[0]})`, pairedSpec, pairedSpec, ceilingPid);
    return {
      ...(await measureCase(name, spec, spec, serverPid)),
      pairedCeilingRps: pairedCeiling.rps,
      ...(pairedCeiling.cpuUsPerRequest !== undefined && { pairedCeilingCpuUs: pairedCeiling.cpuUsPerRequest }),
    };
  };
  try {
    const results = [await measureCase('1. ceiling: bare Fastify, day JSON from memory', ceilingSpec, ceilingSpec, ceilingPid)];
    results.push(await paired('2. GET one day of bookings', { url: `${base}${dayPath}` }));
    const etag = (await get(`${base}${dayPath}`)).headers.get('etag') ?? '';
    results.push(
      await paired('2b. GET one day, unchanged (If-None-Match → 304)', { url: `${base}${dayPath}`, headers: { 'if-none-match': etag } }),
    );
    results.push(
      await paired('2c. GET a week of bookings (range; ceiling sends the week)', { url: `${base}${weekPath}` }, weekCeilingSpec),
    );
    return results;
  } finally {
    await stop(ceiling);
  }
}

interface Seeded {
  names: string[];
  today: string;
  busiestDate: string;
  adminId: string;
  years: number | undefined;
}

/** Every case after the schedule GETs: the roster, the writes, the page and its largest script, and with `--years` the admin's reads. */
async function otherCases(
  engine: 'sqlite' | 'postgres',
  base: string,
  { names, today, busiestDate, adminId, years }: Seeded,
): Promise<{ results: MeasuredCase[]; post: MeasuredCase; writeCeiling: MeasuredCase | undefined }> {
  const results = [await measureCase('3. GET roster (type-ahead)', { url: `${base}/api/roster` })];
  let writeCeiling: MeasuredCase | undefined;
  if (engine === 'sqlite') {
    const writePort = freePort();
    const helper = await startHelper('bench/write-ceiling.ts', writePort);
    try {
      const writeBase = `http://127.0.0.1:${writePort}`;
      writeCeiling = await measureCase('4w. write ceiling: bare Fastify, one durable SQLite insert per request', {
        url: writeBase,
        kind: 'create-booking',
        names,
        firstDate: addDays(today, 100),
      });
      results.push(writeCeiling);
    } finally {
      await stop(helper);
    }
  }
  // 20 bookings a day: the warm-up, at up to 5,000 bookings/s, fills some 750 days from its
  // first date; the measured run starts well past them, so no booking of it clashes.
  const post = await measureCase(
    '4. POST a booking (rules, transaction, outbox)',
    { url: base, kind: 'create-booking', names, firstDate: addDays(today, 3000) },
    { url: base, kind: 'create-booking', names, firstDate: addDays(today, 100) },
  );
  results.push(post);
  const html = await (await get(`${base}/`)).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const sizes = await Promise.all(
    scripts.map(async (path) => ({ path, size: (await (await get(`${base}${path}`)).arrayBuffer()).byteLength })),
  );
  const largest = sizes.sort((a, b) => b.size - a.size)[0]?.path ?? '/';
  const compressed = { 'accept-encoding': 'br, gzip' };
  results.push(await measureCase('5a. index.html', { url: `${base}/`, headers: compressed }));
  results.push(
    await measureCase(`5b. largest JS asset (${largest.split('/').at(-1)}, br)`, { url: `${base}${largest}`, headers: compressed }),
  );
  // Last: a slow read still in flight when its case ends would hold the next case's server
  // (SQLite answers on the event loop). The POSTs' bookings lie outside the month read here.
  if (years !== undefined) {
    for (const [name, spec] of await adminCases(base, adminId, busiestDate)) results.push(await measureCase(name, spec));
  }
  return { results, post, writeCeiling };
}

async function benchEngine(engine: 'sqlite' | 'postgres', years?: number): Promise<EngineResult> {
  console.log(`\n${engine}${years === undefined ? '' : `, ${years} years of history`}`);
  const database = await freshDatabase(engine);
  const db = createDb(database.location);
  await migrateToLatest(db);
  const today = todayIn('Asia/Jakarta', new Date());
  const { names, busiestDate } = await seedBenchData(db, today);
  let adminId = '';
  if (years !== undefined) {
    adminId = (await addUsers(db.kysely, [BENCH_ADMIN], [BENCH_ADMIN.name]))[0]?.id ?? '';
    const seeding = performance.now();
    if (years > 0) {
      const counts = await seedYears(db, today, years);
      console.log(`  history written in ${Math.round(performance.now() - seeding)} ms:`, counts);
    }
  }
  await db.close();
  const databaseMb = database.location.engine === 'sqlite' ? sqliteMb(database.location.path) : undefined;

  const coldStart = GETS_ONLY ? { serverMs: 0, ceilingMs: 0, firstMs: 0 } : await coldStarts(database.url);
  const port = freePort();
  serverOutput = '';
  const child = await startServer(database.url, port);
  let result: EngineResult;
  const base = `http://127.0.0.1:${port}`;
  try {
    const results = await scheduleGetCases(base, busiestDate, child.pid ?? 0);
    const others = GETS_ONLY ? undefined : await otherCases(engine, base, { names, today, busiestDate, adminId, years });
    if (others) results.push(...others.results);

    const memory = memoryMb(child.pid ?? 0);
    const ceilingRps = results[0]?.rps ?? 1;
    result = {
      engine,
      years,
      databaseMb,
      coldStartMs: coldStart.serverMs,
      coldStartCeilingMs: coldStart.ceilingMs,
      firstStartMs: coldStart.firstMs,
      peakRssMb: Math.round(memory.peak),
      rssAfterMb: Math.round(memory.current),
      heapUsedAfterMb: undefined,
      cases: results.map((one) => ({
        ...one,
        ratioToCeiling: round2(one.rps / (one.pairedCeilingRps ?? ceilingRps)),
        ...(one === others?.post && others.writeCeiling ? { ratioToWriteCeiling: round2(one.rps / others.writeCeiling.rps) } : {}),
      })),
    };
  } finally {
    await stop(child);
    await database.drop();
  }
  result.heapUsedAfterMb = heapUsedAtCloseMb();
  console.log(
    `  resident size after the run ${result.rssAfterMb} MB (peak ${result.peakRssMb} MB), heap in use ${result.heapUsedAfterMb ?? '?'} MB`,
  );
  const batches = bookingBatches();
  if (batches) {
    result.bookingBatches = { ...batches, average: Math.round((batches.jobs / batches.batches) * 100) / 100 };
    console.log(`  booking transactions: ${batches.batches} for ${batches.jobs} bookings, largest ${batches.largest}`);
  }
  return result;
}

function table(results: EngineResult[]): string {
  const lines = [
    '| engine | case | req/s | p50 ms | p99 ms | × ceiling | × write ceiling | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const engine of results) {
    for (const row of engine.cases) {
      const write = row.ratioToWriteCeiling === undefined ? '' : row.ratioToWriteCeiling.toFixed(2);
      const ratio = `${row.ratioToCeiling.toFixed(2)}${row.pairedCeilingRps === undefined ? '' : ` (of ${Math.round(row.pairedCeilingRps)})`}`;
      lines.push(
        `| ${engine.engine} | ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${ratio} | ${write} | ${row.non2xx} |`,
      );
    }
  }
  lines.push(
    '',
    `| engine | cold start (spawn → first 200 /healthz, median of ${COLD_STARTS}) | bare Fastify, same flags | × ceiling | first start after a build (no code cache) | peak RSS | RSS after the run | heap in use after the run |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const engine of results)
    lines.push(
      `| ${engine.engine} | ${engine.coldStartMs} ms | ${engine.coldStartCeilingMs} ms | ${(engine.coldStartMs / engine.coldStartCeilingMs).toFixed(2)} | ${engine.firstStartMs} ms | ${engine.peakRssMb} MB | ${engine.rssAfterMb} MB | ${engine.heapUsedAfterMb ?? '?'} MB |`,
    );
  return lines.join('\n');
}

/** Puts the run's table into docs/performance.md between its bench markers. */
function writePerformanceTable(heading: string, body: string, marker = 'bench'): void {
  const page = readFileSync('docs/performance.md', 'utf8');
  const marked = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*?<!-- ${marker}:end -->`);
  if (!marked.test(page)) throw new Error(`docs/performance.md lacks the <!-- ${marker}:start --> … <!-- ${marker}:end --> markers`);
  writeFileSync('docs/performance.md', page.replace(marked, `<!-- ${marker}:start -->\n${heading}\n\n${body}\n<!-- ${marker}:end -->`));
}

function sqliteMb(path: string): number {
  const bytes = [path, `${path}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

await buildIfStale();
const cores = cpus().length;
const machine = `${cores} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`pinjam-motor benchmark on ${machine}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per case`);
// Other work on the machine moves every figure; the load around the run is kept beside them.
const loadBefore = loadavg()[0] ?? 0;
const reachable = ENGINE === 'sqlite' || (await postgresReachable());
if (!reachable) console.log(`\nPostgreSQL skipped: nothing answers at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')}`);
const engines: Engine[] = ENGINE === 'sqlite' || ENGINE === 'postgres' ? [ENGINE] : ['sqlite', ...(reachable ? ['postgres' as const] : [])];
if (GETS_ONLY) {
  const lines = [
    '| engine | years | case | req/s | × ceiling | server µs CPU a request | ceiling µs CPU a request | load before |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const engine of engines) {
    for (const years of YEARS > 0 ? [0, YEARS] : [undefined]) {
      const load = (loadavg()[0] ?? 0).toFixed(1);
      for (const row of (await benchEngine(engine, years)).cases) {
        const ratio = `${row.ratioToCeiling.toFixed(2)}${row.pairedCeilingRps === undefined ? '' : ` (of ${Math.round(row.pairedCeilingRps)})`}`;
        const [server, ceiling] =
          row.pairedCeilingRps === undefined ? ['', row.cpuUsPerRequest] : [row.cpuUsPerRequest, row.pairedCeilingCpuUs];
        lines.push(
          `| ${engine} | ${years ?? 0} | ${row.name} | ${Math.round(row.rps)} | ${ratio} | ${server ?? ''} | ${ceiling ?? ''} | ${load} |`,
        );
      }
    }
  }
  console.log(`\n${lines.join('\n')}\n\nload average after: ${(loadavg()[0] ?? 0).toFixed(1)}; nothing written (--cases gets)`);
} else if (YEARS > 0) {
  const runs: YearsRun[] = [];
  for (const engine of engines) {
    const loadEmpty = loadavg()[0] ?? 0;
    const empty = await benchEngine(engine, 0);
    const loadYears = loadavg()[0] ?? 0;
    runs.push({ empty, history: await benchEngine(engine, YEARS), load: [loadEmpty, loadYears, loadavg()[0] ?? 0] });
  }
  const date = new Date().toISOString();
  const body = compareTable(runs, YEARS);
  console.log(`\n${body}`);
  writeFileSync(
    'bench/results-years.json',
    `${JSON.stringify({ date, machine, cores, years: YEARS, connections: CONNECTIONS, durationSeconds: DURATION_S, runs }, null, 2)}\n`,
  );
  writePerformanceTable(
    `Latest \`--years ${YEARS}\` run (\`bench/results-years.json\`): ${machine}, loopback, ${CONNECTIONS} connections, ${DURATION_S} s a case, on ${date.slice(0, 10)}; 1-minute load averages before the empty run, the history run and after, per engine, in the table:`,
    body,
    'bench-years',
  );
} else {
  const results: EngineResult[] = [];
  for (const engine of engines) results.push(await benchEngine(engine));
  const date = new Date().toISOString();
  console.log(`\n${table(results)}`);
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({ date, machine, cores, loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 }, connections: CONNECTIONS, durationSeconds: DURATION_S, results }, null, 2)}\n`,
  );
  writePerformanceTable(
    `Latest run (\`bench/results.json\`): ${machine}, ${cores} cores, 1-minute load average ${loadBefore.toFixed(1)} before the run and ${(loadavg()[0] ?? 0).toFixed(1)} after, loopback, ${CONNECTIONS} connections, on ${date.slice(0, 10)}:`,
    table(results),
  );
}
rmSync(CODE_CACHE_DIR, { recursive: true, force: true });
if (!GETS_ONLY) console.log(`\nwritten to ${YEARS > 0 ? 'bench/results-years.json' : 'bench/results.json'} and docs/performance.md`);
