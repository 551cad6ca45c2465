import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadScripts } from '../../scripts/size.mjs';

describe('npm run size: what the first load fetches', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the entry, its preloads and their static imports, not the lazily imported chunks', () => {
    dir = mkdtempSync(join(tmpdir(), 'size-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css">',
    );
    writeFileSync(join(dir, 'assets/index.js'), 'import{a as b}from"./shared.js";const p=()=>import("./lazy-page.js");export{b};');
    writeFileSync(join(dir, 'assets/vendor.js'), 'export const v=1;');
    writeFileSync(join(dir, 'assets/shared.js'), 'import"./side-effect.js";export const a=1;');
    writeFileSync(join(dir, 'assets/side-effect.js'), 'console.log(1);');
    writeFileSync(join(dir, 'assets/lazy-page.js'), 'import{a}from"./shared.js";import{x}from"./lazy-only.js";');
    writeFileSync(join(dir, 'assets/lazy-only.js'), 'export const x=1;');

    const scripts = firstLoadScripts(dir);
    expect(scripts.map((script) => script.path).sort()).toEqual([
      '/assets/index.js',
      '/assets/shared.js',
      '/assets/side-effect.js',
      '/assets/vendor.js',
    ]);
    for (const script of scripts) expect(script.gzipBytes).toBeGreaterThan(0);
  });
});
