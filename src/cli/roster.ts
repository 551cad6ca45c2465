import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDb, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ConfigError, loadDotEnv, readDatabase } from '../server/config';
import { listUsers } from '../server/roster/repository';
import { addUsers, importRosterCsv, RosterError } from '../server/roster/service';

const USAGE = `Usage:
  npm run roster -- add --name "Budi Santoso" --class "PPTI 21" [--admin]
  npm run roster -- import FILE.csv      (header: name,class[,role][,id])
  npm run roster -- list [--json]`;

async function add(db: Db, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, class: { type: 'string' }, admin: { type: 'boolean', default: false } },
  });
  const [user] = await addUsers(
    db.kysely,
    [{ name: values.name ?? '', class: values.class ?? '', role: values.admin ? 'admin' : '' }],
    ['--name/--class'],
  );
  if (!user) throw new Error('no user was added');
  console.log(`Added ${user.name} (${user.class})${user.role === 'admin' ? ' as admin' : ''}. Id (the login code of an admin):`);
  console.log(user.id);
}

async function importCsv(db: Db, args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('import takes one CSV file');
  const users = await importRosterCsv(db.kysely, readFileSync(file, 'utf8'));
  console.log(`Imported ${users.length} user(s) from ${file}.`);
}

async function list(db: Db, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
  const users = await listUsers(db.kysely);
  if (values.json) {
    console.log(JSON.stringify(users.map(({ id, name, class: className, role }) => ({ id, name, class: className, role }))));
    return;
  }
  for (const user of users) console.log([user.id, user.name, user.class, user.role ?? ''].join('\t'));
  console.log(`${users.length} user(s)`);
}

class UsageError extends Error {}

const commands: Record<string, (db: Db, args: string[]) => Promise<void>> = { add, import: importCsv, list };

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const db = createDb(readDatabase(process.env));
  try {
    await migrateToLatest(db);
    await run(db, rest);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof RosterError) {
      for (const problem of error.problems) console.error(problem);
      console.error('Nothing was written.');
    } else if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error((error as Error).message);
      console.error(USAGE);
    } else {
      console.error(`roster: ${(error as Error).message}`);
    }
    process.exitCode = 1;
  },
);
