import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { copyDatabase } from '../server/backup/copy';
import { BackupError, backupSqlite, restoreSqlite } from '../server/backup/service';
import { ConfigError, loadDotEnv, readBackupKeep, readDatabase, readTimeZone } from '../server/config';
import { DatabaseOpenError, openDatabase } from '../server/open-database';

const USAGE = `Usage:
  npm run backup [-- PATH]            an online backup of the SQLite database (default: its folder's backups/)
  npm run restore -- FILE             puts a backup in place of the stopped server's database
  npm run db:copy -- --to URL         copies every row into an empty PostgreSQL database`;

class UsageError extends Error {}

function redacted(url: string): string {
  return url.replace(/\/\/([^:@/]*)(:[^@/]*)?@/, '//$1@');
}

async function backup(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError('backup takes at most one path');
  const location = readDatabase(process.env);
  if (location.engine === 'postgres') {
    const password = redacted(location.url) === location.url ? '' : ' (with the password of DATABASE_URL)';
    throw new BackupError(
      `DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=pinjam-motor.dump '${redacted(location.url)}'${password}`,
    );
  }
  const result = await backupSqlite(location.path, {
    target: positionals[0],
    keep: readBackupKeep(process.env),
    now: new Date(),
    timeZone: readTimeZone(process.env),
  });
  console.log(`Backup written to ${result.path} (integrity_check: ok).`);
  for (const path of result.removed) console.log(`Removed the older backup ${path}.`);
}

async function restore(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('restore takes one backup file');
  const location = readDatabase(process.env);
  if (location.engine === 'postgres') throw new BackupError('DATABASE_URL is PostgreSQL: restore it with pg_restore');
  const { replacedBy, counts } = await restoreSqlite(location.path, file, new Date(), readTimeZone(process.env));
  if (replacedBy) console.log(`The database it replaces is kept as ${replacedBy}.`);
  console.log(
    `Restored ${file} to ${location.path}: ${counts.members} member(s), ${counts.bookings} booking(s), ${counts.vouchers} voucher(s).`,
  );
}

async function copy(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  if (!values.to) throw new UsageError('db:copy needs --to postgres://…');
  const target = parseDatabaseUrl(values.to);
  if (target.engine !== 'postgres') throw new UsageError('db:copy copies into PostgreSQL: --to postgres://…');
  const source = await openDatabase(readDatabase(process.env));
  try {
    await migrateToLatest(source);
    const into = await openDatabase(target);
    try {
      await migrateToLatest(into);
      const counts = await copyDatabase(source, into);
      const summary = [...counts].map(([table, count]) => `${table} ${count}`).join(', ');
      console.log(`Copied into ${redacted(values.to)}: ${summary}. Point DATABASE_URL there and start the server.`);
    } finally {
      await into.close();
    }
  } finally {
    await source.close();
  }
}

const commands: Record<string, (args: string[]) => Promise<void>> = { backup, restore, copy };

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const run = command ? commands[command] : undefined;
  if (!run) throw new UsageError(`unknown command '${command ?? ''}'`);
  loadDotEnv();
  await run(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error((error as Error).message);
    console.error(USAGE);
  } else if (error instanceof BackupError || error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message);
  } else {
    console.error(`${process.argv[2] ?? 'db'}: ${(error as Error).message}`);
  }
  process.exitCode = 1;
});
