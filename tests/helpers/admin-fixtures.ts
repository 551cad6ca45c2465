import type { Db } from '../../src/db/database';
import type { User } from '../../src/server/roster/repository';
import { addUsers, type NewUser } from '../../src/server/roster/service';
import { type JsonReply, requestJson } from './test-app';

export const ADMIN_ROSTER: NewUser[] = [
  { name: 'Admin Uji', class: 'PPTI 21', role: 'admin' },
  { name: 'Budi Santoso', class: 'PPTI 21' },
  { name: 'Rizky Maulana', class: 'PPTI 22' },
];

/** Writes `roster` as the roster command would and returns the stored users: [admin, student, student]. */
export async function seedRoster(db: Db, roster: NewUser[] = ADMIN_ROSTER): Promise<User[]> {
  return addUsers(
    db.kysely,
    roster,
    roster.map((user) => user.name),
  );
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-22T01:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** `name=value` of the session cookie a reply sets, ready for a Cookie header. */
export function sessionCookieOf(reply: JsonReply): string {
  const header = reply.headers.getSetCookie().find((cookie) => cookie.startsWith('admin_session='));
  if (!header) throw new Error(`no session cookie in ${reply.status} ${JSON.stringify(reply.body)}`);
  return header.split(';')[0] as string;
}

export async function login(baseUrl: string, name: string, code: string, headers: Record<string, string> = {}): Promise<JsonReply> {
  return requestJson(baseUrl, '/api/admin/login', { body: { name, code }, headers });
}

/** Signs in and returns the Cookie header value of the session. */
export async function loginCookie(baseUrl: string, admin: User): Promise<string> {
  const reply = await login(baseUrl, admin.name, admin.id);
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return sessionCookieOf(reply);
}

/** A signed-in admin's requests, as the admin's own pages send them (with this site's Origin). */
export function adminClient(baseUrl: string, cookie: string) {
  const headers = { cookie, origin: baseUrl };
  return {
    get: (path: string) => requestJson(baseUrl, path, { headers }),
    post: (path: string, body: unknown = {}) => requestJson(baseUrl, path, { method: 'POST', body, headers }),
    put: (path: string, body: unknown) => requestJson(baseUrl, path, { method: 'PUT', body, headers }),
  };
}
