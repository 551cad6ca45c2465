import type { Executor } from '../../db/executor';
import { nameKey } from '../../domain/name-key';

export interface User {
  id: string;
  name: string;
  class: string;
  role: string | null;
}

/** The user whose name is `name` by nameKey (case, accents' encoding and spaces aside), as the unique index compares. */
export async function findUserByName(db: Executor, name: string): Promise<User | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'class', 'role']).where('name_key', '=', nameKey(name)).executeTakeFirst();
}

/** The users whose name keys (nameKey) are among `keys`. */
export async function findUsersByNameKeys(db: Executor, keys: string[]): Promise<User[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'class', 'role']).where('name_key', 'in', keys).execute();
}

export async function findUsersByIds(db: Executor, ids: string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'class', 'role']).where('id', 'in', ids).execute();
}

export async function listUsers(db: Executor): Promise<User[]> {
  return db.selectFrom('users').select(['id', 'name', 'class', 'role']).orderBy('name').execute();
}

/** Name and class only: the public type-ahead must never see ids (an admin's id is their login code). */
export async function listRosterEntries(db: Executor): Promise<{ name: string; class: string }[]> {
  return db.selectFrom('users').select(['name', 'class']).orderBy('name').execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUsers(db: Executor, users: User[]): Promise<void> {
  if (users.length === 0) return;
  await db
    .insertInto('users')
    .values(users.map((user) => ({ ...user, name_key: nameKey(user.name) })))
    .execute();
}
