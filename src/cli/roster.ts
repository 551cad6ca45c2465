import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { RosterProblem, RowRef } from '../domain/admin/roster-problems';
import { ConfigError, loadDotEnv, readDatabase } from '../server/config';
import { openDatabase } from '../server/open-database';
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
  // A name stored before control characters were refused must not drive the operator's terminal.
  const shown = (text: string) => text.replace(/\p{Cc}/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  for (const user of users) console.log([user.id, user.name, user.class, user.role ?? ''].map(shown).join('\t'));
  console.log(`${users.length} user(s)`);
}

class UsageError extends Error {}

function place(at: RowRef): string {
  return 'line' in at ? `line ${at.line}` : at.label;
}

/** The roster command speaks English to whoever runs the server; the import screen says the same in Indonesian. */
function describe(problem: RosterProblem): string {
  const what = (() => {
    switch (problem.kind) {
      case 'name-missing':
        return 'name is missing';
      case 'class-missing':
        return 'class is missing';
      case 'id-empty':
        return 'id is empty';
      case 'id-taken':
        return 'id is already in the roster';
      case 'name-control-character':
        return 'name contains a control character';
      case 'class-control-character':
        return 'class contains a control character';
      case 'id-control-character':
        return 'id contains a control character';
      case 'name-too-long':
        return `name is longer than ${problem.max} characters`;
      case 'class-too-long':
        return `class is longer than ${problem.max} characters`;
      case 'unknown-role':
        return `unknown role '${problem.role}' (use admin or leave it empty)`;
      case 'name-repeats':
        return `name '${problem.name}' repeats ${place(problem.first)}`;
      case 'id-repeats':
        return `id repeats ${place(problem.first)}`;
      case 'name-taken':
        return `name '${problem.name}' is already in the roster`;
      case 'class-spelling':
        return `class '${problem.class}' is already in the roster as '${problem.existing}'${problem.first ? ` (${place(problem.first)})` : ''}`;
      case 'unreadable':
        return `the CSV cannot be read: ${problem.detail}`;
      case 'header-lacks':
        return `the header lacks the column(s) ${problem.columns.join(', ')}`;
    }
  })();
  return `${place(problem.at)}: ${what}`;
}

const commands: Record<string, (db: Db, args: string[]) => Promise<void>> = { add, import: importCsv, list };

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const db = await openDatabase(readDatabase(process.env));
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
      for (const problem of error.problems) console.error(describe(problem));
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
