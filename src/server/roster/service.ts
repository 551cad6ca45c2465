import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Executor } from '../../db/executor';
import { MAX_CLASS_LENGTH, MAX_NAME_LENGTH } from '../../domain/limits';
import { nameKey } from '../../domain/name-key';
import { hasControlCharacter } from '../../domain/plain-text';
import { makeUserId } from '../../domain/user-id';
import { countUsers, findUsersByIds, findUsersByNameKeys, insertUsers, type User } from './repository';

/** One or more rows that cannot be added; nothing was written. */
export class RosterError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export interface NewUser {
  name: string;
  class: string;
  role?: string;
  id?: string;
}

function checkUserShape(user: NewUser): string[] {
  const problems: string[] = [];
  const name = user.name.trim();
  const className = user.class.trim();
  if (name === '') problems.push('name is missing');
  if (name.length > MAX_NAME_LENGTH) problems.push(`name is longer than ${MAX_NAME_LENGTH} characters`);
  if (hasControlCharacter(name)) problems.push('name contains a control character');
  if (className === '') problems.push('class is missing');
  if (className.length > MAX_CLASS_LENGTH) problems.push(`class is longer than ${MAX_CLASS_LENGTH} characters`);
  if (hasControlCharacter(className)) problems.push('class contains a control character');
  const role = (user.role ?? '').trim().toLowerCase();
  if (role !== '' && role !== 'admin') problems.push(`unknown role '${user.role}' (use admin or leave it empty)`);
  if (user.id !== undefined && user.id.trim() === '') problems.push('id is empty');
  if (user.id !== undefined && hasControlCharacter(user.id)) problems.push('id contains a control character');
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

/**
 * Checks every user first (shape, duplicates within the batch and against the database) and
 * writes all of them in one transaction, or none. `labels[i]` names user i in a problem.
 */
export async function addUsers(db: Executor, users: NewUser[], labels: string[]): Promise<User[]> {
  return db.transaction().execute(async (trx) => {
    const problems: string[] = [];
    const seenNames = new Map<string, string>();
    const seenIds = new Map<string, string>();
    users.forEach((user, index) => {
      const label = labels[index] ?? `row ${index + 1}`;
      for (const problem of checkUserShape(user)) problems.push(`${label}: ${problem}`);
      const key = nameKey(user.name);
      if (key !== '' && seenNames.has(key)) problems.push(`${label}: name '${user.name.trim()}' repeats ${seenNames.get(key)}`);
      else seenNames.set(key, label);
      const id = user.id?.trim();
      if (id && seenIds.has(id)) problems.push(`${label}: id repeats ${seenIds.get(id)}`);
      else if (id) seenIds.set(id, label);
    });
    // A value with a control character is already a problem, and PostgreSQL refuses a NUL even in a query.
    const storable = (value: string) => !hasControlCharacter(value);
    for (const existing of await findUsersByNameKeys(trx, [...seenNames.keys()].filter(storable))) {
      problems.push(`${seenNames.get(nameKey(existing.name))}: name '${existing.name}' is already in the roster`);
    }
    for (const existing of await findUsersByIds(trx, [...seenIds.keys()].filter(storable))) {
      problems.push(`${seenIds.get(existing.id)}: id is already in the roster`);
    }
    if (problems.length > 0) throw new RosterError(problems);
    const rows = users.map(toUser);
    await insertUsers(trx, rows);
    return rows;
  });
}

/** Parses a roster CSV (header row; columns name, class, optional role and id) and adds every row or none. */
export async function importRosterCsv(db: Executor, csv: string): Promise<User[]> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true, trim: true, info: true });
  } catch (error) {
    throw new RosterError([`the CSV cannot be read: ${(error as Error).message}`]);
  }
  const header = Object.keys(records[0]?.record ?? {});
  const missing = ['name', 'class'].filter((column) => records.length > 0 && !header.includes(column));
  if (missing.length > 0) throw new RosterError([`line 1: the header lacks the column(s) ${missing.join(', ')}`]);
  const users = records.map(({ record }) => ({
    name: record.name ?? '',
    class: record.class ?? '',
    role: record.role,
    id: record.id === undefined || record.id === '' ? undefined : record.id,
  }));
  return addUsers(
    db,
    users,
    records.map(({ info }) => `line ${info.lines}`),
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

/** Fills an empty roster with a few demo students and one admin, whom it returns; undefined when the roster was not empty. */
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
