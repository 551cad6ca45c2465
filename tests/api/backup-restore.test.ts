import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { backupSqlite } from '../../src/server/backup/service';
import { manyStudents } from '../helpers/roster';
import { runCommand, type ServerProcess, startServerProcess } from '../helpers/server-process';
import { runDbCommand, slotsIn } from '../helpers/sqlite-files';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const STUDENTS = manyStudents('Cadangan', 24);
const SERVER_ENV = { BOOKING_HORIZON_DAYS: '3650' };

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let dir: string | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  await database?.drop();
  database = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const db = runDbCommand;

async function sqliteDatabaseWithStudents(): Promise<{ path: string; url: string }> {
  database = await createTestDatabase({ roster: STUDENTS });
  if (database.location.engine !== 'sqlite') throw new Error('a SQLite test');
  return { path: database.location.path, url: database.url };
}

describe.skipIf(TEST_ENGINE !== 'sqlite')('backup and restore of the SQLite database', () => {
  it('refuses to restore while the server has the database open, and restores into the stopped app exactly the backup', async () => {
    const { path, url } = await sqliteDatabaseWithStudents();
    dir = mkdtempSync(join(tmpdir(), 'pinjam-backup-'));
    server = await startServerProcess({ DATABASE_URL: url, ...SERVER_ENV });
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 3);
    const book = (name: string, start: string, end: string) =>
      fetch(`${server?.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, date, start, end, reason: 'sebelum cadangan', needStnk: '' }),
      });
    expect((await book('Cadangan 1', '08:00', '09:00')).status).toBe(201);
    const backupPath = join(dir, 'kelas.db');
    expect((await db(['backup', backupPath], { DATABASE_URL: url })).code).toBe(0);
    const inBackup = await (await fetch(`${server.baseUrl}/api/bookings?date=${date}`)).json();
    expect((await book('Cadangan 2', '10:00', '11:00')).status).toBe(201);

    const refused = await db(['restore', backupPath], { DATABASE_URL: url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^restore: ${path} is open in process ${server.child.pid} \\(.*\\); stop the server`));
    expect(slotsIn(path).size).toBe(2);

    await server.stop('SIGTERM');
    const restored = await db(['restore', backupPath], { DATABASE_URL: url });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backupPath} to ${path}: 24 member(s), 1 booking(s), 0 voucher(s).`);
    const replaced = /kept as (\S+)\.\n/.exec(restored.stdout)?.[1];
    expect(replaced).toMatch(/\.replaced-\d{8}-\d{6}\.db$/);
    expect(slotsIn(replaced ?? '').size).toBe(2);

    server = await startServerProcess({ DATABASE_URL: url, ...SERVER_ENV });
    expect(await (await fetch(`${server.baseUrl}/api/bookings?date=${date}`)).json()).toEqual(inBackup);
  });

  it('refuses to restore a file that is not a sound database, or one made by a newer version', async () => {
    const { path, url } = await sqliteDatabaseWithStudents();
    dir = mkdtempSync(join(tmpdir(), 'pinjam-backup-'));
    const text = join(dir, 'catatan.db');
    const handle = openSync(text, 'w');
    writeSync(handle, 'bukan basis data');
    closeSync(handle);
    const notDatabase = await db(['restore', text], { DATABASE_URL: url });
    expect(notDatabase.code).toBe(1);
    expect(notDatabase.stderr).toMatch(new RegExp(`^restore: ${text} is not a readable database`));

    const newer = join(dir, 'newer.db');
    expect((await db(['backup', newer], { DATABASE_URL: url })).code).toBe(0);
    const file = new BetterSqlite3(newer);
    file.prepare("insert into kysely_migration (name, timestamp) values ('2099_01_01_0001_from_the_future', '2099-01-01')").run();
    file.close();
    const refused = await db(['restore', newer], { DATABASE_URL: url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `restore: ${newer} was made by a newer version of pinjam-motor (migration 2099_01_01_0001_from_the_future); update the code first\n`,
    );
    expect(slotsIn(path).size).toBe(0);
    const stem = basename(path).replace(/\.db$/, '');
    expect(readdirSync(dirname(path)).filter((name) => name.startsWith(`${stem}.replaced-`))).toEqual([]);
  });

  it('keeps the newest BACKUP_KEEP backups in the default folder', async () => {
    const { path, url } = await sqliteDatabaseWithStudents();
    const folder = join(path, '..', 'backups');
    const made: string[] = [];
    for (let index = 0; index < 4; index++) {
      const result = await db(['backup'], { DATABASE_URL: url, BACKUP_KEEP: '2' });
      expect(result.code).toBe(0);
      made.push(/^Backup written to (\S+) \(integrity_check: ok\)\.$/m.exec(result.stdout)?.[1] ?? '');
    }
    expect(made.every((file) => /\/backups\/pinjam-motor-\d{8}-\d{6}(-\d+)?\.db$/.test(file))).toBe(true);
    expect(readdirSync(folder).sort()).toEqual(
      made
        .slice(2)
        .map((file) => file.split('/').at(-1))
        .sort(),
    );
    rmSync(folder, { recursive: true, force: true });
  });

  it('never takes again a name that pruning freed, so the newest backup made in one second stays', async () => {
    const { path } = await sqliteDatabaseWithStudents();
    const folder = join(path, '..', 'backups');
    const now = new Date('2026-11-26T03:31:22Z');
    const made: string[] = [];
    for (let index = 0; index < 4; index++) {
      made.push((await backupSqlite(path, { keep: 2, now, timeZone: 'Asia/Jakarta' })).path.split('/').at(-1) ?? '');
    }
    expect(made).toEqual([
      'pinjam-motor-20261126-103122.db',
      'pinjam-motor-20261126-103122-2.db',
      'pinjam-motor-20261126-103122-3.db',
      'pinjam-motor-20261126-103122-4.db',
    ]);
    expect(readdirSync(folder).sort()).toEqual(['pinjam-motor-20261126-103122-3.db', 'pinjam-motor-20261126-103122-4.db']);
    rmSync(folder, { recursive: true, force: true });
  });

  it('says in one line to use pg_dump when DATABASE_URL is PostgreSQL', async () => {
    const result = await db(['backup'], { DATABASE_URL: 'postgres://kelas:rahasia@127.0.0.1:5432/pinjam' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=pinjam-motor.dump 'postgres://kelas@127.0.0.1:5432/pinjam' (with the password of DATABASE_URL)\n",
    );
  });
});

describe.skipIf(TEST_ENGINE !== 'sqlite')('start-up on a SQLite file', () => {
  it('refuses a damaged database with one line naming the file and npm run restore', async () => {
    const { path, url } = await sqliteDatabaseWithStudents();
    const pageSize = 4096;
    const handle = openSync(path, 'r+');
    // Page 2 onwards holds the tables' b-trees; garbage there is what a torn or bit-rotted write leaves.
    writeSync(handle, Buffer.alloc(pageSize * 3, 0xa5), 0, pageSize * 3, pageSize);
    closeSync(handle);
    const result = await runCommand(['dist/server/main.js'], { DATABASE_URL: url, PORT: '0', SEED_DEMO: '0' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATABASE_URL: .*${path}.*; restore a backup with \`npm run restore -- FILE\`$`));
  });

  it('refuses a path whose folder does not exist instead of making a new, empty database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pinjam-path-'));
    const mistyped = join(dir, 'dta', 'app.db');
    const result = await runCommand(['dist/server/main.js'], { DATABASE_URL: `file:${mistyped}`, PORT: '0', SEED_DEMO: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`DATABASE_URL: folder ${join(dir, 'dta')} does not exist\n`);
    expect(existsSync(join(dir, 'dta'))).toBe(false);
  });
});

if (TEST_ENGINE !== 'sqlite')
  console.log('backup-restore: backup, restore and the start-up file checks are SQLite tests (PostgreSQL is backed up with pg_dump)');
