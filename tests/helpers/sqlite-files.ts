import BetterSqlite3 from 'better-sqlite3';
import { runCommand } from './server-process';

/** `npm run backup|restore|db:copy` as the built bundle runs them. */
export const runDbCommand = (args: string[], env: Record<string, string>) => runCommand(['dist/cli/db.js', ...args], env);

/** The `date start` of every booking in a SQLite file, read beside whatever has it open. */
export function slotsIn(path: string): Set<string> {
  const file = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    const rows = file.prepare('select borrow_date, start_time from borrow_request').all() as { borrow_date: string; start_time: string }[];
    return new Set(rows.map((row) => `${row.borrow_date} ${row.start_time}`));
  } finally {
    file.close();
  }
}

export function integrityOf(path: string): unknown {
  const file = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    return file.pragma('integrity_check');
  } finally {
    file.close();
  }
}
