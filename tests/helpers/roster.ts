import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database';
import { makeUserId } from '../../src/domain/admin/user-id';
import { insertUsers, type User } from '../../src/server/roster/repository';
import type { NewUser } from '../../src/server/roster/service';

/** The members the tests book as; a test takes the ones it needs, and writes out a member of its own. */
export const ADMIN: NewUser = { name: 'Admin Uji', class: 'PPTI 21', role: 'admin' };
export const BUDI: NewUser = { name: 'Budi Santoso', class: 'PPTI 21' };
export const SITI: NewUser = { name: 'Siti Rahmawati', class: 'PPTI 21' };
export const RIZKY: NewUser = { name: 'Rizky Maulana', class: 'PPTI 22' };
export const PUTRI: NewUser = { name: 'Putri Ayu', class: 'PPTI 22' };

/** An admin, a student of the free class and one of a paying class. */
export const ADMIN_ROSTER: readonly NewUser[] = [ADMIN, BUDI, RIZKY];

/** The class the browser tests sign in and book as. */
export const CLASS_ROSTER: readonly NewUser[] = [ADMIN, BUDI, SITI, RIZKY];

/** `count` students of `className`, named `prefix 1` … `prefix count`. */
export function manyStudents(prefix: string, count: number, className = 'PPTI 21'): NewUser[] {
  return Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index + 1}`, class: className }));
}

/**
 * Writes `roster` straight into the users table, with ids made as the roster command makes them (an
 * admin's id is their login code), and returns the users in its order. Straight, not through the
 * command's checks: a test may need a roster the command would refuse (a class spelled two ways).
 */
export async function seedRoster(db: Db, roster: readonly NewUser[] = ADMIN_ROSTER): Promise<User[]> {
  const users = roster.map((row) => ({
    id: makeUserId(randomBytes),
    name: row.name,
    class: row.class,
    role: row.role === 'admin' ? 'admin' : null,
  }));
  await insertUsers(db.kysely, users);
  return users;
}

/** The ids of `users` by name. */
export function idsByName(users: readonly User[]): Map<string, string> {
  return new Map(users.map((user) => [user.name, user.id]));
}
