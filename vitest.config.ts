import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * API test files that never exercise the database engine run in the SQLite pass only; every other
 * API file runs on SQLite and on PostgreSQL (TEST_DB=postgres). The list, with the reason for each
 * file, is tests/api/sqlite-only.json; a PostgreSQL run prints it. A file not listed runs on both engines.
 */
const SQLITE_ONLY: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'tests/api/sqlite-only.json'), 'utf8'));
for (const file of Object.keys(SQLITE_ONLY)) {
  if (!existsSync(join(ROOT, file))) throw new Error(`tests/api/sqlite-only.json names ${file}, which does not exist`);
}
if (process.env.TEST_DB === 'postgres') {
  console.log('API files left to the SQLite pass, as they never exercise the engine (tests/api/sqlite-only.json):');
  for (const [file, reason] of Object.entries(SQLITE_ONLY)) console.log(`  ${file}: ${reason}`);
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DB === 'postgres' ? Object.keys(SQLITE_ONLY) : [])],
          globalSetup: ['tests/helpers/global-setup-api.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Vitest's default on 2 cores is one worker; API files mostly wait on sockets, timers and
          // the database, so two files at a time keep both cores busy (SQLite pass 122 s -> 70 s).
          maxWorkers: 2,
          // Files in one worker share its loaded modules instead of importing the server afresh
          // each (38 s of imports a pass). Every file starts its own apps on its own databases.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-e2e.ts'],
          // A guard against a hang, not a speed check: on a slow 2-core machine under load a test
          // of six axe-checked pages took 50 s. Playwright's own waits still fail after 30 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the user would see as long as Playwright's own waits do:
          // its 1 s default once missed a refusal the loaded server answered later than that.
          expect: { poll: { timeout: 30_000 } },
          // Each file starts its own server on its own database; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Files in one worker share its modules, so they share one Chromium (sharedChromium in
          // tests/helpers/browser.ts) instead of launching one each; every test still opens fresh contexts.
          isolate: false,
        },
      },
    ],
  },
});
