import { existsSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** SQLite's own check: `['ok']` when the file is sound, else one line per problem found. */
export function checkSqliteFile(path: string, kind: 'quick' | 'integrity'): string[] {
  const database = new BetterSqlite3(path, { fileMustExist: true });
  try {
    const rows = database.pragma(`${kind}_check`) as Record<string, unknown>[];
    return rows.map((row) => String(Object.values(row)[0]));
  } finally {
    database.close();
  }
}

/** A copy of a live database by SQLite's online backup API: one moment of the source whatever commits meanwhile (a file copy is not). */
export async function copySqliteOnline(sourcePath: string, targetPath: string): Promise<void> {
  const source = new BetterSqlite3(sourcePath, { fileMustExist: true });
  try {
    await source.backup(targetPath);
  } finally {
    source.close();
  }
}

export function sqliteFileIsOpen(path: string): { pid: number; command: string } | undefined {
  const wanted = resolve(path);
  if (!existsSync('/proc')) return undefined;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target === wanted) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

/** Moves a database that no connection has open, with its WAL and shared-memory files. */
export function moveSqliteFile(from: string, to: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
  }
}

export function removeSqliteFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}
