import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/server-process';
import { TEST_ENGINE } from '../helpers/test-db';

// `npm run simulate` itself, on the engine of this pass: a seed repeats its actions, and a run says what it lived.
const dir = mkdtempSync(join(tmpdir(), 'pinjam-sim-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function simulate(seed: number, log: string) {
  return runCommand(
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/simulate/run.ts',
      '--days',
      '2',
      '--seed',
      String(seed),
      '--engine',
      TEST_ENGINE,
      '--log',
      log,
    ],
    {},
    { timeoutMs: 120_000 },
  );
}

describe('npm run simulate', () => {
  it('lives the same actions for the same seed, other ones for another, and holds every invariant', async () => {
    const first = await simulate(11, join(dir, 'a.log'));
    expect(first.stdout, first.stderr).toContain('all invariants held');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/actions: .*book \d+/);
    expect(first.stdout).toMatch(/invariant checks \d+/);
    const again = await simulate(11, join(dir, 'b.log'));
    const other = await simulate(12, join(dir, 'c.log'));
    expect([again.code, other.code], again.stdout + other.stdout).toEqual([0, 0]);
    const log = (name: string) => readFileSync(join(dir, name), 'utf8');
    expect(log('a.log').split('\n').length).toBeGreaterThan(10);
    expect(log('b.log')).toBe(log('a.log'));
    expect(log('c.log')).not.toBe(log('a.log'));
  }, 400_000);

  it('refuses --instances 2 on SQLite with the usage', async () => {
    const result = await runCommand(['node_modules/tsx/dist/cli.mjs', 'scripts/simulate/run.ts', '--instances', '2'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--instances 2 needs --engine postgres');
    expect(result.stderr).toContain('Usage:');
  });
});
