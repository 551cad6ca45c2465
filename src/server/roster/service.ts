import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Executor } from '../../db/executor';
import { classChoice } from '../../domain/admin/member-class';
import { type RosterProblem, type RowRef, rosterProblemText } from '../../domain/admin/roster-problems';
import { makeUserId } from '../../domain/admin/user-id';
import { MAX_CLASS_LENGTH, MAX_NAME_LENGTH } from '../../domain/booking/limits';
import { nameKey } from '../../domain/text/name-key';
import { hasControlCharacter, hasLineBreakOrControl } from '../../domain/text/plain-text';
import {
  countUsers,
  findUsersByIds,
  findUsersByNameKeys,
  insertUsers,
  listClasses,
  listRosterEntries,
  lockRoster,
  type User,
} from './repository';

/** The users table, for the admin console's members tab and the features that look a member up. */
export {
  countOtherActiveAdmins,
  findMemberById,
  findMemberByRef,
  findUserByName,
  findUsersByNameKeys,
  listClasses,
  listMembers,
  lockRoster,
  type MemberRow,
  setMemberActive,
  type User,
  updateMember,
} from './repository';

/** Nothing was written. */
export class RosterError extends Error {
  constructor(readonly problems: RosterProblem[]) {
    super(problems.map(rosterProblemText).join('\n'));
  }
}

export interface NewUser {
  name: string;
  class: string;
  role?: string;
  id?: string;
}

function checkUserShape(user: NewUser, at: RowRef): RosterProblem[] {
  const problems: RosterProblem[] = [];
  const name = user.name.trim();
  const className = user.class.trim();
  if (name === '') problems.push({ at, kind: 'name-missing' });
  if (name.length > MAX_NAME_LENGTH) problems.push({ at, kind: 'name-too-long', max: MAX_NAME_LENGTH });
  if (hasLineBreakOrControl(name)) problems.push({ at, kind: 'name-control-character' });
  if (className === '') problems.push({ at, kind: 'class-missing' });
  if (className.length > MAX_CLASS_LENGTH) problems.push({ at, kind: 'class-too-long', max: MAX_CLASS_LENGTH });
  if (hasLineBreakOrControl(className)) problems.push({ at, kind: 'class-control-character' });
  const role = (user.role ?? '').trim().toLowerCase();
  if (role !== '' && role !== 'admin') problems.push({ at, kind: 'unknown-role', role: user.role ?? '' });
  if (user.id !== undefined && user.id.trim() === '') problems.push({ at, kind: 'id-empty' });
  if (user.id !== undefined && hasControlCharacter(user.id)) problems.push({ at, kind: 'id-control-character' });
  return problems;
}

function toUser(user: NewUser): User {
  const role = (user.role ?? '').trim().toLowerCase();
  return {
    id: user.id?.trim() || makeUserId(randomBytes),
    name: user.name.trim(),
    class: user.class.trim(),
    role: role === 'admin' ? 'admin' : null,
  };
}

/** Writes every user or none. `rows[i]` says where user i came from (a CSV line or a label), for the problems. */
export function addUsers(db: Executor, users: NewUser[], rows: (RowRef | string)[]): Promise<User[]> {
  return db.transaction().execute((trx) => addUsersIn(trx, users, rows));
}

/** `addUsers` in the caller's transaction, which the roster's lock then holds: an admin's form writes its audit entry beside. */
export async function addUsersIn(trx: Executor, users: NewUser[], rows: (RowRef | string)[]): Promise<User[]> {
  await lockRoster(trx);
  const problems: RosterProblem[] = [];
  const seenNames = new Map<string, RowRef>();
  const seenIds = new Map<string, RowRef>();
  const knownClasses = await listClasses(trx);
  const newClasses = new Map<string, RowRef>();
  users.forEach((user, index) => {
    const row = rows[index] ?? { line: index + 1 };
    const at = typeof row === 'string' ? { label: row } : row;
    problems.push(...checkUserShape(user, at));
    const choice = classChoice([...knownClasses, ...newClasses.keys()], user.class);
    if (choice.kind === 'new' && choice.class !== '') newClasses.set(choice.class, at);
    if (choice.kind === 'other-spelling') {
      const first = newClasses.get(choice.existing);
      problems.push({ at, kind: 'class-spelling', class: user.class.trim(), existing: choice.existing, ...(first ? { first } : {}) });
    }
    const key = nameKey(user.name);
    const firstWithName = seenNames.get(key);
    if (key !== '' && firstWithName) problems.push({ at, kind: 'name-repeats', name: user.name.trim(), first: firstWithName });
    else seenNames.set(key, at);
    const id = user.id?.trim();
    const firstWithId = id ? seenIds.get(id) : undefined;
    if (firstWithId) problems.push({ at, kind: 'id-repeats', first: firstWithId });
    else if (id) seenIds.set(id, at);
  });
  // A value with a control character is already a problem, and PostgreSQL refuses a NUL even in a query.
  const storable = (value: string) => !hasControlCharacter(value);
  for (const existing of await findUsersByNameKeys(trx, [...seenNames.keys()].filter(storable))) {
    const at = seenNames.get(nameKey(existing.name));
    if (at) problems.push({ at, kind: 'name-taken', name: existing.name });
  }
  for (const existing of await findUsersByIds(trx, [...seenIds.keys()].filter(storable))) {
    const at = seenIds.get(existing.id);
    if (at) problems.push({ at, kind: 'id-taken' });
  }
  if (problems.length > 0) throw new RosterError(problems);
  const added = users.map(toUser);
  await insertUsers(trx, added);
  return added;
}

export function importRosterCsv(db: Executor, csv: string): Promise<User[]> {
  return db.transaction().execute((trx) => importRosterCsvIn(trx, csv));
}

/** `importRosterCsv` in the caller's transaction. */
export async function importRosterCsvIn(trx: Executor, csv: string): Promise<User[]> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true, trim: true, info: true });
  } catch (error) {
    throw new RosterError([{ at: { line: 1 }, kind: 'unreadable', detail: (error as Error).message }]);
  }
  const header = Object.keys(records[0]?.record ?? {});
  const missing = ['name', 'class'].filter((column) => records.length > 0 && !header.includes(column));
  if (missing.length > 0) throw new RosterError([{ at: { line: 1 }, kind: 'header-lacks', columns: missing }]);
  const users = records.map(({ record }) => ({
    name: record.name ?? '',
    class: record.class ?? '',
    role: record.role,
    id: record.id === undefined || record.id === '' ? undefined : record.id,
  }));
  return addUsersIn(
    trx,
    users,
    records.map(({ info }) => ({ line: info.lines })),
  );
}

const DEMO_ROSTER: NewUser[] = [
  { name: 'Admin Demo', class: 'PPTI 21', role: 'admin' },
  { name: 'Budi Santoso', class: 'PPTI 21' },
  { name: 'Siti Rahmawati', class: 'PPTI 21' },
  { name: 'Andi Pratama', class: 'PPTI 21' },
  { name: 'Dewi Lestari', class: 'PPTI 21' },
  { name: 'Rizky Maulana', class: 'PPTI 22' },
  { name: 'Putri Ayu', class: 'PPTI 22' },
];

export async function seedDemoRoster(db: Executor): Promise<User | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  try {
    const users = await addUsers(
      db,
      DEMO_ROSTER,
      DEMO_ROSTER.map((user) => user.name),
    );
    return users.find((user) => user.role === 'admin');
  } catch (error) {
    // Another instance starting on the same database seeded it first.
    if ((await countUsers(db)) > 0) return undefined;
    throw error;
  }
}

export function listRoster(db: Executor): Promise<{ name: string; class: string }[]> {
  return listRosterEntries(db);
}
