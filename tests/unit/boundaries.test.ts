import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/boundaries.mjs run on small planted trees: each rule fails on its violation and passes without it.

let root: string;

function plant(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['scripts/boundaries.mjs', dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

// Each test starts a Node of its own: on a loaded CI machine that can take over the default 5 s.
describe('the server rooms’ boundaries (scripts/boundaries.mjs)', { timeout: 30_000 }, () => {
  it('passes rooms that use each other one way, through services, and counts the imports', () => {
    const dir = plant({
      'app.ts': "import { a } from './fund/service';\nimport { b } from './bookings/repository';\n",
      'bookings/repository.ts': 'export const b = 1;\n',
      'bookings/service.ts': "export { b } from './repository';\n",
      'fund/service.ts': "import { b } from '../bookings/service';\nimport type { c } from '../bookings/service';\nexport const a = b;\n",
    });
    const { status, output } = check(dir);
    expect(output).toContain('fund → bookings: 2');
    expect(status).toBe(0);
  });

  it('fails two rooms that import each other, naming the pair', () => {
    const dir = plant({
      'bookings/service.ts': "import { a } from '../fund/service';\nexport const b = a;\n",
      'fund/service.ts': "import { b } from '../bookings/service';\nexport const a = b;\n",
    });
    const { status, output } = check(dir);
    expect(output).toContain('✖ rooms that import each other round a loop: bookings, fund (bookings → fund; fund → bookings)');
    expect(status).toBe(1);
  });

  it('fails a loop round three rooms', () => {
    const dir = plant({
      'a/service.ts': "export { b } from '../b/service';\n",
      'b/service.ts': "export { c } from '../c/service';\n",
      'c/service.ts': "export { a } from '../a/service';\n",
    });
    const { status, output } = check(dir);
    expect(output).toContain('round a loop: a, b, c');
    expect(status).toBe(1);
  });

  it('fails a room that imports another room’s repository, a nested one or a named one too', () => {
    const dir = plant({
      'bookings/cancel/repository.ts': 'export const b = 1;\n',
      'audit/audit-repository.ts': 'export const c = 1;\n',
      'fund/service.ts':
        "import { b } from '../bookings/cancel/repository';\nimport { c } from '../audit/audit-repository';\nexport const a = b + c;\n",
      'fund/repository.ts': 'export const own = 1;\n',
      'fund/routes.ts': "import { own } from './repository';\nexport const d = own;\n",
    });
    const { status, output } = check(dir);
    expect(output).toContain("✖ another room's repository: fund/service.ts imports bookings/cancel/repository");
    expect(output).toContain("✖ another room's repository: fund/service.ts imports audit/audit-repository");
    expect(output).not.toContain('fund/routes.ts');
    expect(status).toBe(1);
  });
});
