import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productionRuntime } from '../../scripts/server-runtime.mjs';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

let dir: string;
const running: ServerProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function startAndStop(cacheDir: string, nodeArgs: string[] = []): Promise<string> {
  const server = await startServerProcess({ DATABASE_URL: `file:${join(dir, 'app.db')}`, CODE_CACHE_DIR: cacheDir }, { nodeArgs });
  running.push(server);
  expect((await fetch(`${server.baseUrl}/api/today`)).status).toBe(200);
  await server.stop();
  return server.output();
}

const caches = (cacheDir: string) => readdirSync(cacheDir).filter((name) => name.endsWith('.bin'));

describe('the built server’s code cache (decision 0047)', () => {
  it('is written by a start that found none, and read by the next start, which writes nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pinjam-code-cache-'));
    const cacheDir = join(dir, 'cache');
    expect(await startAndStop(cacheDir)).toContain(`code cache: written to ${cacheDir}/app-`);
    const [cache] = caches(cacheDir);
    expect(cache).toBeDefined();
    const written = statSync(join(cacheDir, cache ?? '')).mtimeMs;

    expect(await startAndStop(cacheDir)).not.toContain('code cache:');
    expect(caches(cacheDir)).toEqual([cache]);
    expect(statSync(join(cacheDir, cache ?? '')).mtimeMs).toBe(written);
  });

  it('keeps one cache for each set of Node flags, so production’s and the tests’ servers do not replace each other’s', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pinjam-code-cache-'));
    const cacheDir = join(dir, 'cache');
    await startAndStop(cacheDir);
    expect(await startAndStop(cacheDir, productionRuntime().nodeArgs)).toContain('code cache: written');
    expect(caches(cacheDir)).toHaveLength(2);
    expect(await startAndStop(cacheDir)).not.toContain('code cache:');
    expect(await startAndStop(cacheDir, productionRuntime().nodeArgs)).not.toContain('code cache:');
  });

  it('replaces a damaged cache that V8 refuses, and the server starts and answers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pinjam-code-cache-'));
    const cacheDir = join(dir, 'cache');
    await startAndStop(cacheDir);
    const path = join(cacheDir, caches(cacheDir)[0] ?? '');
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length >> 1));

    expect(await startAndStop(cacheDir)).toContain('code cache: written');
    expect(await startAndStop(cacheDir)).not.toContain('code cache:');
  });

  it('runs a bundle whose every character fits one byte, so V8 keeps its source at half the size', () => {
    // A character past U+00FF (say `İ` in a regular expression, which esbuild does not escape) makes V8 keep all 2.8 MB two bytes a character.
    const wide = [...readFileSync('dist/server/app.cjs', 'utf8')].filter((char) => (char.codePointAt(0) ?? 0) > 0xff);
    expect(wide).toEqual([]);
  });

  it('starts and says so when the cache cannot be written, and starts again the same way', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pinjam-code-cache-'));
    writeFileSync(join(dir, 'a-file'), '');
    const cacheDir = join(dir, 'a-file', 'cache');
    for (let start = 0; start < 2; start++) {
      expect(await startAndStop(cacheDir)).toContain(`code cache: not written (`);
    }
  });
});
