import type { User } from '../../src/server/roster/repository';
import { type JsonReply, requestJson } from './test-app';

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
