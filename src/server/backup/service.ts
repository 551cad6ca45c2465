import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrations } from '../../db/migrate';
import { checkSqliteFile, copySqliteOnline, moveSqliteFile, removeSqliteFile, sqliteFileIsOpen } from '../../db/sqlite-files';

/** A backup or restore that did not happen, with the one line that says why. */
export class BackupError extends Error {}

const BACKUP_NAME = /^pinjam-motor-(\d{8}-\d{6})(?:-(\d+))?\.db$/;

/** `YYYYMMDD-HHMMSS` of `at` on the wall clock of `timeZone`, for file names an operator sorts by eye. */
export function fileStamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}`;
}

/** The next name after every `{stem}.db` / `{stem}-N.db`: a pruned name is never reused, or the newest would sort oldest and be pruned. */
function freeName(dir: string, stem: string): string {
  const copies = existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        if (name === `${stem}.db`) return [1];
        const copy = name.startsWith(`${stem}-`) ? /^(\d+)\.db$/.exec(name.slice(stem.length + 1)) : null;
        return copy ? [Number(copy[1])] : [];
      })
    : [];
  const next = Math.max(0, ...copies) + 1;
  return join(dir, next === 1 ? `${stem}.db` : `${stem}-${next}.db`);
}

export interface BackupOptions {
  /** Where to write; default `{folder of the database}/backups/pinjam-motor-YYYYMMDD-HHMMSS.db`. */
  target?: string;
  keep: number;
  now: Date;
  timeZone: string;
}

export interface BackupResult {
  path: string;
  removed: string[];
}

/** A consistent backup of the live database, `integrity_check`ed before it takes its name; the default folder keeps the newest `keep`. */
export async function backupSqlite(databasePath: string, options: BackupOptions): Promise<BackupResult> {
  if (!existsSync(databasePath)) throw new BackupError(`DATABASE_URL: ${databasePath} does not exist`);
  const dir = options.target ? dirname(options.target) : join(dirname(databasePath), 'backups');
  mkdirSync(dir, { recursive: true });
  const path = options.target ?? freeName(dir, `pinjam-motor-${fileStamp(options.now, options.timeZone)}`);
  const partial = `${path}.partial`;
  removeSqliteFile(partial);
  try {
    await copySqliteOnline(databasePath, partial);
    const problems = checkSqliteFile(partial, 'integrity');
    if (problems.join() !== 'ok') throw new BackupError(`backup failed its integrity check: ${problems[0]}`);
    renameSync(partial, path);
  } finally {
    removeSqliteFile(partial);
  }
  const removed = options.target ? [] : pruneBackups(dir, options.keep);
  return { path, removed };
}

function pruneBackups(dir: string, keep: number): string[] {
  const order = (name: string) => {
    const [, stamp = '', copy = '1'] = BACKUP_NAME.exec(name) ?? [];
    return `${stamp}-${copy.padStart(6, '0')}`;
  };
  const backups = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort((a, b) => order(a).localeCompare(order(b)));
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => join(dir, name));
  for (const path of removed) rmSync(path, { force: true });
  return removed;
}

export interface RestoreResult {
  replacedBy: string | undefined;
  counts: { members: number; bookings: number; vouchers: number };
}

/**
 * Puts a backup in place of the database. Refused while any process has the database file open (read from /proc), when the backup fails
 * `integrity_check`, or when a newer version made it. The database it replaces is kept beside it as `….replaced-YYYYMMDD-HHMMSS.db`.
 */
export async function restoreSqlite(databasePath: string, file: string, now: Date, timeZone: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`restore: ${file} does not exist`);
  const user = existsSync(databasePath) ? sqliteFileIsOpen(databasePath) : undefined;
  if (user) {
    throw new BackupError(
      `restore: ${databasePath} is open in process ${user.pid} (${user.command}); stop the server (and any roster command) first`,
    );
  }
  let problems: string[];
  try {
    problems = checkSqliteFile(file, 'integrity');
  } catch (error) {
    throw new BackupError(`restore: ${file} is not a readable database (${(error as Error).message})`);
  }
  if (problems.join() !== 'ok') throw new BackupError(`restore: ${file} failed its integrity check (${problems[0]})`);
  const unknown = appliedMigrations(file).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(`restore: ${file} was made by a newer version of pinjam-motor (migration ${unknown[0]}); update the code first`);
  }

  let replacedBy: string | undefined;
  if (existsSync(databasePath)) {
    const stem = basename(databasePath).replace(/\.db$/, '');
    replacedBy = freeName(dirname(databasePath), `${stem}.replaced-${fileStamp(now, timeZone)}`);
    moveSqliteFile(databasePath, replacedBy);
  }
  await copySqliteOnline(file, databasePath);
  return { replacedBy, counts: countRows(databasePath) };
}

function appliedMigrations(path: string): string[] {
  const database = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    const table = database.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (database.prepare('select name from kysely_migration').all() as { name: string }[]).map((row) => row.name);
  } finally {
    database.close();
  }
}

function countRows(path: string): RestoreResult['counts'] {
  const database = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  const count = (table: string) => (database.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  try {
    return { members: count('users'), bookings: count('borrow_request'), vouchers: count('vouchers') };
  } finally {
    database.close();
  }
}
