import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import { nameKey } from '../../domain/text/name-key';

export interface User {
  id: string;
  name: string;
  class: string;
  role: string | null;
}

/** Only an active member is found: the one who may book and sign in. */
const activeUserQuery = compiledQuery((db, user: { nameKey: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'class', 'role', 'committee'])
    .where('name_key', '=', user.nameKey)
    .where('active', '=', true),
);

export async function findUserByName(db: Executor, name: string): Promise<(User & { committee: boolean }) | undefined> {
  const [row] = (await activeUserQuery(db, { nameKey: nameKey(name) })).rows;
  return row && { ...row, committee: toBoolean(row.committee) };
}

/** Active or not: names stay unique across both. */
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

/** The public type-ahead must never see ids: an admin's id is their login code. */
export async function listRosterEntries(db: Executor): Promise<{ name: string; class: string; committee?: true }[]> {
  const rows = await db.selectFrom('users').select(['name', 'class', 'committee']).where('active', '=', true).orderBy('name').execute();
  // Only the marked carry the flag: the type-ahead's answer stays as small as it was.
  return rows.map(({ committee, ...entry }) => (toBoolean(committee) ? { ...entry, committee: true } : entry));
}

/** Every class of the roster, inactive members' included, `exceptId`'s left out. */
export async function listClasses(db: Executor, exceptId?: string): Promise<string[]> {
  let query = db.selectFrom('users').select('class').distinct();
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.execute()).map((row) => row.class).sort((a, b) => a.localeCompare(b, 'id'));
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
    .values(users.map((user) => ({ ...user, name_key: nameKey(user.name), ref: randomBytes(12).toString('base64url') })))
    .execute();
}

export interface MemberRow extends User {
  ref: string;
  active: boolean;
  committee: boolean;
  bookings: number;
}

function memberQuery(db: Executor) {
  return db.selectFrom('users as u').select((eb) => [
    'u.id',
    'u.ref',
    'u.name',
    'u.class',
    'u.role',
    'u.active',
    'u.committee',
    eb
      .selectFrom('borrow_request as b')
      .select((count) => count.fn.countAll<number | string>().as('n'))
      .whereRef('b.users_id', '=', 'u.id')
      .where('b.cancelled_at', 'is', null)
      .as('bookings'),
  ]);
}

function toMember(row: Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number]): MemberRow | undefined {
  if (row.ref === null) return undefined;
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    class: row.class,
    role: row.role,
    active: toBoolean(row.active),
    committee: toBoolean(row.committee),
    bookings: Number(row.bookings ?? 0),
  };
}

export async function listMembers(db: Executor): Promise<MemberRow[]> {
  const rows = await memberQuery(db).orderBy('u.name').execute();
  return rows.map(toMember).filter((member) => member !== undefined);
}

export async function findMemberByRef(db: Executor, ref: string): Promise<MemberRow | undefined> {
  const row = await memberQuery(db).where('u.ref', '=', ref).executeTakeFirst();
  return row && toMember(row);
}

export async function findMemberById(db: Executor, id: string): Promise<MemberRow | undefined> {
  const row = await memberQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row && toMember(row);
}

export async function updateMember(
  db: Executor,
  id: string,
  change: { name: string; class: string; role: string | null; committee: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...change, name_key: nameKey(change.name) })
    .where('id', '=', id)
    .execute();
}

export async function setMemberActive(db: Executor, id: string, active: boolean): Promise<void> {
  await db.updateTable('users').set({ active }).where('id', '=', id).execute();
}

export async function countOtherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// 'user' in ASCII.
const ROSTER_LOCK_KEY = 0x75736572;

/**
 * Serializes roster changes, so two admins removing each other cannot both pass the last-admin check, and two adding one name cannot both
 * pass the name check. SQLite transactions already hold the write lock.
 */
export async function lockRoster(trx: Executor): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${ROSTER_LOCK_KEY}::bigint)`.execute(trx);
}
