import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STEPS, ROSTER_STEP, START_STEP } from '../../scripts/prod-smoke.mjs';

// Each case starts two Nodes of its own: on a loaded CI machine that can take over the default 5 s.
describe('the production path', { timeout: 30_000 }, () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('shows in the README, in order, exactly the commands the CI smoke test runs', () => {
    const readme = readFileSync('README.md', 'utf8');
    const deployment = readme.slice(readme.indexOf('## Deployment'), readme.indexOf('### Container'));
    const block = /```sh\n([\s\S]*?)```/.exec(deployment)?.[1] ?? '';
    const lines = block.split('\n');
    const positions = [...BUILD_STEPS, ROSTER_STEP, START_STEP].map((command) => lines.indexOf(command));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['an install without the build tools', { NODE_ENV: '' }],
  ])('does not build on start with %s, and says what to run when dist/ is missing', (_case, env) => {
    dir = mkdtempSync(join(tmpdir(), 'prod-start-'));
    for (const script of ['start.mjs', 'roster.mjs']) {
      const result = spawnSync(process.execPath, [resolve('scripts', script)], {
        cwd: dir,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        'dist/ is missing or older than the sources, and a production install does not build: run `npm ci --include=dev && npm run build`, then `npm ci --omit=dev` (README, Deployment)',
      );
      expect(result.stdout).not.toContain('Building the app');
    }
  });
});
