import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/server-process';
import { TEST_ENGINE } from '../helpers/test-db';

// `npm run simulate` itself, on the engine of this pass: a seed repeats its actions, and a run says what it lived.
const dir = mkdtempSync(join(tmpdir(), 'pinjam-sim-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function simulate(seed: number, log: string, extra: string[] = []) {
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
      ...extra,
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

  it('--bikes 3 adds two bikes through the Motor tab, links the second one’s owner chat, books each bike and holds every invariant per bike', async () => {
    const run = await simulate(11, join(dir, 'bikes.log'), ['--bikes', '3']);
    expect(run.stdout, run.stderr).toContain('all invariants held');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--students 30 --bikes 3;');
    expect(run.stdout).toMatch(/actions: .*bike-added 2/);
    const log = readFileSync(join(dir, 'bikes.log'), 'utf8');
    expect(log).toContain('bike-added Beat hitam #2 owner chat 800002');
    expect(log).toContain('bike-added Scoopy putih #3 owner chat -100987654');
    // A bike chosen in the form sometimes, and Motor mana saja otherwise.
    expect(log).toMatch(/ book .* motor #\d "Kuliah/);
    expect(log).toMatch(/ book .* \d\d:\d\d-\d\d:\d\d "Kuliah/);
  }, 200_000);

  it('refuses --bikes outside 1 to 5 with the usage', async () => {
    const result = await runCommand(['node_modules/tsx/dist/cli.mjs', 'scripts/simulate/run.ts', '--bikes', '6'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--bikes: '6' must be a whole number from 1 to 5");
    expect(result.stderr).toContain('[--bikes 1]');
  });

  it('refuses --instances 2 on SQLite with the usage', async () => {
    const result = await runCommand(['node_modules/tsx/dist/cli.mjs', 'scripts/simulate/run.ts', '--instances', '2'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--instances 2 needs --engine postgres');
    expect(result.stderr).toContain('Usage:');
  });
});
