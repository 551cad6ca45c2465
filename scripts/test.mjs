// `npm test`: every check the project has, stopping at the first failure: type check, lint/format,
// Dockerfile lint, the server rooms' boundaries, the functions' length, unit tests, API tests on SQLite, the same on PostgreSQL (less the files in
// tests/api/sqlite-only.json, which never exercise the engine), the simulator's short runs on each engine (14 days with
// faults, scripts/simulate), the first-load JavaScript budget,
// browser tests. The type check runs beside the lint and unit steps (2 cores) and is reported
// before the API tests.
// `npm run test:quick` (--quick): type check, lint, unit and API tests on SQLite only.
// Ends with the wall time, then one line 'total: N passed, N failed, N skipped' (CI reads it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './chromium.mjs';

const startedAt = Date.now();
const quick = process.argv.includes('--quick');
const totals = { passed: 0, failed: 0, skipped: 0 };
const RESULTS_DIR = 'test-results';
let typeCheck;

function wallTime() {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

function finish(code) {
  typeCheck?.stop();
  console.log(`\nwall time: ${wallTime()}${quick ? ' (--quick)' : ''}`);
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    return false;
  }
  return true;
}

/** Starts a command now with its output held; `report()` prints it under its title once it has ended. */
function runBeside(title, command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const ended = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return {
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
    async report() {
      const code = await ended;
      console.log(`\n▶ ${title}`);
      if (output) process.stdout.write(output);
      if (code !== 0) {
        console.error(`✖ ${title} failed`);
        return false;
      }
      return true;
    },
  };
}

/** Names the tests a pass skipped, with the titles that say why (for example "… (PostgreSQL)"). */
function printSkipped(json) {
  for (const file of json.testResults) {
    const skipped = file.assertionResults.filter((test) => test.status !== 'passed' && test.status !== 'failed');
    if (skipped.length === 0) continue;
    const groups = [...new Set(skipped.map((test) => [...test.ancestorTitles.slice(1), test.title].join(' › ')))];
    console.log(`  ↓ ${file.name.replace(`${process.cwd()}/`, '')}: ${skipped.length} skipped in this pass (${groups.join('; ')})`);
  }
}

function vitest(title, project, key, env) {
  const report = `${RESULTS_DIR}/${key}.json`;
  rmSync(report, { force: true });
  const ok = run(
    title,
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    printSkipped(json);
    if (json.numTotalTests === 0) {
      console.error(`✖ ${title} ran no test`);
      return false;
    }
  } else if (ok) {
    console.error(`✖ ${title} wrote no report`);
    return false;
  }
  return ok;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// Invariants the simulator finds broken and other work is fixing: reported, not failing npm test. Empty since
// 2026-11-27 (the lifecycle's guards and offers stamped under the booking lock); add one only with its issue.
const SIMULATOR_KNOWN = [];

mkdirSync(RESULTS_DIR, { recursive: true });
const steps = [
  () => {
    typeCheck = runBeside('type check (tsc --noEmit)', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']);
    console.log('\n▶ type check (tsc --noEmit) started; its result follows the unit tests');
    return true;
  },
  () =>
    run('lint and format (biome check)', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '.']),
  () =>
    run('Dockerfile lint (dockerfile-utils)', process.execPath, [
      'node_modules/dockerfile-utils/bin/dockerfile-utils',
      'lint',
      'Dockerfile',
    ]),
  () => run('imports between the server rooms (npm run boundaries)', process.execPath, ['scripts/boundaries.mjs']),
  () => run('functions at most 100 lines (npm run function-length)', process.execPath, ['scripts/function-length.mjs']),
  // A zone far from Jakarta's, so code that forgets APP_TIMEZONE fails.
  () => vitest('unit tests (TZ=Asia/Kathmandu)', 'unit', 'unit', { TZ: 'Asia/Kathmandu' }),
  () => typeCheck.report(),
  () => vitest('API tests on SQLite (TZ=America/Los_Angeles)', 'api', 'api-sqlite', { TEST_DB: 'sqlite', TZ: 'America/Los_Angeles' }),
  ...(quick
    ? []
    : [
        async () => {
          const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
          if (!(await postgresReachable(url))) {
            if (process.env.REQUIRE_POSTGRES === '1') {
              console.error(`\n✖ PostgreSQL is required (REQUIRE_POSTGRES=1) but ${url.replace(/\/\/[^@]*@/, '//')} does not answer`);
              return false;
            }
            console.log(
              `\n⚠ SKIPPED: API tests on PostgreSQL, no server answers at ${url.replace(/\/\/[^@]*@/, '//')} (set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail instead)`,
            );
            return true;
          }
          return vitest('API tests on PostgreSQL (TZ=UTC)', 'api', 'api-postgres', {
            TEST_DB: 'postgres',
            TEST_DATABASE_URL: url,
            TZ: 'UTC',
          });
        },
        async () => {
          await buildIfStale();
          const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
          const seed = process.env.SIMULATE_SEED ?? '7';
          const known = SIMULATOR_KNOWN.length > 0 ? ['--known', SIMULATOR_KNOWN.join(',')] : [];
          const short = ['scripts/simulate/run.ts', '--days', '14', '--seed', seed, '--faults', ...known];
          const tsx = 'node_modules/tsx/dist/cli.mjs';
          if (!run('simulator, 14 days with faults on SQLite (npm run simulate)', process.execPath, [tsx, ...short])) return false;
          if (!(await postgresReachable(url))) return true;
          return run(
            'simulator, 14 days with faults, two instances on PostgreSQL',
            process.execPath,
            [tsx, ...short, '--engine', 'postgres', '--instances', '2'],
            {
              TEST_DATABASE_URL: url,
            },
          );
        },
        async () => {
          await buildIfStale();
          return run('first-load JavaScript budget (npm run size)', process.execPath, ['scripts/size.mjs']);
        },
        () => {
          try {
            const chromiumPath = ensureChromium();
            return vitest('browser tests in Chromium', 'e2e', 'e2e', { CHROMIUM_PATH: chromiumPath });
          } catch (error) {
            console.error(`\n✖ ${error.message}`);
            return false;
          }
        },
      ]),
];

for (const step of steps) {
  if (!(await step())) finish(1);
}
if (quick) console.log('\n(--quick: PostgreSQL, the size budget and the browser tests are left to `npm test`)');
finish(totals.failed > 0 ? 1 : 0);
