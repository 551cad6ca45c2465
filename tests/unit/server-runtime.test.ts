import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productionRuntime } from '../../scripts/server-runtime.mjs';

describe('the server runs with the same allocator and heap settings however production starts it', () => {
  it('reads the environment and Node flags of npm start', () => {
    expect(productionRuntime()).toEqual({
      env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' },
      nodeArgs: ['--max-semi-space-size=2', '--max-old-space-size=256'],
    });
  });

  it('gives the container the same', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const { env, nodeArgs } = productionRuntime();
    for (const [name, value] of Object.entries(env)) expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}\\b`, 'm'));
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]';
    expect(JSON.parse(cmd)).toEqual(['node', ...nodeArgs, 'scripts/start.mjs']);
  });
});
