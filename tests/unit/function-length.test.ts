import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { measureSource } from '../../scripts/function-length.mjs';

/** A function of exactly `lines` lines, its first token on the first line and its closing brace on the last. */
function functionOf(lines: number, name: string) {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`);
  return [`export function ${name}() {`, ...body, '}'].join('\n');
}

const SCRIPT = fileURLToPath(new URL('../../scripts/function-length.mjs', import.meta.url));

function runScript(root: string, ...args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, root, ...args], { encoding: 'utf8' });
}

// Each case runs the script in a Node of its own, which loads the TypeScript compiler: seconds on a busy 2-core machine.
const SPAWN_TIMEOUT_MS = 30_000;

describe('scripts/function-length.mjs', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'fails on a function of 101 lines and names it',
    () => {
      dir = mkdtempSync(join(tmpdir(), 'function-length-'));
      mkdirSync(join(dir, 'deep'));
      writeFileSync(join(dir, 'deep/long.tsx'), `\n${functionOf(101, 'TooLong')}\n`);

      const result = runScript(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${join(dir, 'deep/long.tsx')}:2 TooLong 101 lines`);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'passes on a function of 100 lines',
    () => {
      dir = mkdtempSync(join(tmpdir(), 'function-length-'));
      writeFileSync(join(dir, 'fine.ts'), functionOf(100, 'JustFits'));

      const result = runScript(dir);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`function length: longest 100 lines (${join(dir, 'fine.ts')} JustFits); limit 100`);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'fails on the same function with --limit 99',
    () => {
      dir = mkdtempSync(join(tmpdir(), 'function-length-'));
      writeFileSync(join(dir, 'fine.ts'), functionOf(100, 'JustFits'));

      const result = runScript(dir, '--limit', '99');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${join(dir, 'fine.ts')}:1 JustFits 100 lines`);
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('measureSource', () => {
  it('measures arrows, methods, constructors and accessors from their first token to their last, by the name they are bound to', () => {
    const source = [
      '/** Doc comments are not counted. */',
      'const arrow = () =>',
      '  1;',
      'class Thing {',
      '  constructor() {}',
      '  get size() {',
      '    return 1;',
      '  }',
      '  method() {',
      '    return [1].map((n) => n);',
      '  }',
      '}',
      'declare function bodiless(): void;',
    ].join('\n');
    const measured = measureSource('thing.ts', source).map(({ line, name, lines }) => ({ line, name, lines }));
    expect(measured).toEqual([
      { line: 2, name: 'arrow', lines: 2 },
      { line: 5, name: 'constructor', lines: 1 },
      { line: 6, name: 'size', lines: 3 },
      { line: 9, name: 'method', lines: 3 },
      { line: 10, name: '(argument of [1].map)', lines: 1 },
    ]);
  });
});
