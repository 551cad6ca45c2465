// `npm test`: every check the project has, in order, stopping at the first failure:
// type check, lint/format, Dockerfile lint, unit tests, API tests on SQLite, the same on PostgreSQL, the first-load
// JavaScript budget, browser tests.
// Ends with one line 'total: N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './chromium.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const RESULTS_DIR = 'test-results';

function finish(code) {
  console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
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

mkdirSync(RESULTS_DIR, { recursive: true });
const steps = [
  () => run('type check (tsc --noEmit)', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']),
  () =>
    run('lint and format (biome check)', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '.']),
  () =>
    run('Dockerfile lint (dockerfile-utils)', process.execPath, [
      'node_modules/dockerfile-utils/bin/dockerfile-utils',
      'lint',
      'Dockerfile',
    ]),
  // A zone far from Jakarta's, so code that forgets APP_TIMEZONE fails.
  () => vitest('unit tests (TZ=Asia/Kathmandu)', 'unit', 'unit', { TZ: 'Asia/Kathmandu' }),
  () => vitest('API tests on SQLite (TZ=America/Los_Angeles)', 'api', 'api-sqlite', { TEST_DB: 'sqlite', TZ: 'America/Los_Angeles' }),
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
    return vitest('API tests on PostgreSQL (TZ=UTC)', 'api', 'api-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: url, TZ: 'UTC' });
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
];

for (const step of steps) {
  if (!(await step())) finish(1);
}
finish(totals.failed > 0 ? 1 : 0);
