import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.drop();
});

// The built bundle `npm run roster` runs (the API global setup builds it when stale): a plain node
// start, where tsx compiled the sources on each of the 17 runs per engine.
const roster = (...args: string[]) => runCommand(['dist/cli/roster.js', ...args], { DATABASE_URL: database.url });

async function listJson(): Promise<{ id: string; name: string; class: string; role: string | null }[]> {
  const { code, stdout } = await roster('list', '--json');
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

function csvFile(content: string): string {
  const path = join(tmpdir(), `roster-${randomBytes(4).toString('hex')}.csv`);
  writeFileSync(path, content);
  return path;
}

describe(`roster command on ${TEST_ENGINE}`, () => {
  it('adds a user and prints the new id alone on the last line', async () => {
    const { code, stdout } = await roster('add', '--name', 'Budi Santoso', '--class', 'PPTI 21', '--admin');
    expect(code).toBe(0);
    const id = stdout.trim().split('\n').at(-1);
    expect(id).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
    expect(await listJson()).toEqual([{ id, name: 'Budi Santoso', class: 'PPTI 21', role: 'admin' }]);
  });

  it('refuses a name already in the roster, whatever its case and spaces', async () => {
    await roster('add', '--name', 'Budi Santoso', '--class', 'PPTI 21');
    const { code, stderr } = await roster('add', '--name', '  BUDI santoso ', '--class', 'PPTI 22');
    expect(code).toBe(1);
    expect(stderr).toContain("name 'Budi Santoso' is already in the roster");
    expect(await listJson()).toHaveLength(1);
  });

  it('compares names by their key: non-ASCII capitals, ß and inner spaces; refuses control characters', async () => {
    const file = csvFile('name,class\nÖmer Çelik,PPTI 21\nStraße Budi,PPTI 21\nSTRASSE  BUDI,PPTI 22\n"Nul\u0000Byte",PPTI 21\n');
    const imported = await roster('import', file);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain("line 4: name 'STRASSE  BUDI' repeats line 3");
    expect(imported.stderr).toContain('line 5: name contains a control character');
    await roster('import', csvFile('name,class\nÖmer Çelik,PPTI 21\n'));
    const { code, stderr } = await roster('add', '--name', 'ömer  çelik', '--class', 'PPTI 22');
    expect(code).toBe(1);
    expect(stderr).toContain("name 'Ömer Çelik' is already in the roster");
    expect((await listJson()).map((user) => user.name)).toEqual(['Ömer Çelik']);
  });

  it('refuses an add without a class', async () => {
    const { code, stderr } = await roster('add', '--name', 'Tanpa Kelas');
    expect(code).toBe(1);
    expect(stderr).toContain('class is missing');
  });

  it('refuses a class already in the roster in another case or spacing, as the admin screen does', async () => {
    await roster('add', '--name', 'Budi Santoso', '--class', 'PPTI 21');
    const { code, stderr } = await roster('add', '--name', 'Siti', '--class', 'ppti21');
    expect(code).toBe(1);
    expect(stderr).toContain("--name/--class: class 'ppti21' is already in the roster as 'PPTI 21'");
    const file = csvFile('name,class\nAndi,PPTI 22\nDewi,ppti 22\n');
    expect((await roster('import', file)).stderr).toContain("line 3: class 'ppti 22' is already in the roster as 'PPTI 22' (line 2)");
    expect((await listJson()).map((user) => user.name)).toEqual(['Budi Santoso']);
  });

  it('imports a CSV with a BOM, quoted fields, roles and kept ids', async () => {
    const file = csvFile('\uFEFFname,class,role,id\n"Santoso, Budi",PPTI 21,admin,IMPORTED-ID-1\nSiti,PPTI 22,,\n');
    const { code, stdout } = await roster('import', file);
    expect(code).toBe(0);
    expect(stdout).toContain('Imported 2 user(s)');
    const users = await listJson();
    expect(users.find((user) => user.name === 'Santoso, Budi')).toEqual({
      id: 'IMPORTED-ID-1',
      name: 'Santoso, Budi',
      class: 'PPTI 21',
      role: 'admin',
    });
    expect(users.find((user) => user.name === 'Siti')?.id).toMatch(/^[A-Z2-9]{12}$/);
  });

  it('reports every bad row by CSV line and writes nothing', async () => {
    await roster('add', '--name', 'Existing Person', '--class', 'PPTI 21');
    const file = csvFile(
      [
        'name,class,role',
        'Good Person,PPTI 21,',
        ',PPTI 21,',
        'No Class,,',
        'Twice,PPTI 21,',
        'twice ,PPTI 22,',
        'Boss,PPTI 21,owner',
        'existing person,PPTI 21,',
      ].join('\n'),
    );
    const { code, stderr } = await roster('import', file);
    expect(code).toBe(1);
    expect(stderr).toContain('line 3: name is missing');
    expect(stderr).toContain('line 4: class is missing');
    expect(stderr).toContain("line 6: name 'twice' repeats line 5");
    expect(stderr).toContain("line 7: unknown role 'owner' (use admin or leave it empty)");
    expect(stderr).toContain("line 8: name 'Existing Person' is already in the roster");
    expect(stderr).toContain('Nothing was written.');
    expect((await listJson()).map((user) => user.name)).toEqual(['Existing Person']);
  });

  it('refuses a CSV without the name or class column', async () => {
    const { code, stderr } = await roster('import', csvFile('nama,kelas\nBudi,PPTI 21\n'));
    expect(code).toBe(1);
    expect(stderr).toContain('line 1: the header lacks the column(s) name, class');
  });

  it('lists the roster as text', async () => {
    await roster('add', '--name', 'Budi Santoso', '--class', 'PPTI 21');
    const { code, stdout } = await roster('list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^[A-Z2-9]{12}\tBudi Santoso\tPPTI 21\t\n1 user\(s\)\n$/);
  });

  it('prints its usage and fails on an unknown subcommand', async () => {
    const { code, stderr } = await roster('remove');
    expect(code).toBe(2);
    expect(stderr).toContain('npm run roster -- add');
  });
});
