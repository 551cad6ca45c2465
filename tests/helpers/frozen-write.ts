import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from './admin-fixtures';
import { type ServerProcess, startServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-db';
import { waitUntil } from './wait-until';

/** A member of a roster seeded by createTestDatabase, read back with their id (an admin's login code) and ref. */
export async function memberOf(database: TestDatabase, name: string): Promise<User & { ref: string }> {
  const db = database.open();
  try {
    const row = await db.kysely
      .selectFrom('users')
      .select(['id', 'name', 'class', 'role', 'ref'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return { ...row, ref: row.ref ?? '' };
  } finally {
    await db.close();
  }
}

/** A test's database and instances, killed and dropped after each test. */
export function frozenWriteFixtures() {
  let database: TestDatabase | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGKILL');
    await database?.drop();
    database = undefined;
  });
  const createDatabase = async (options: Parameters<typeof createTestDatabase>[0]) => {
    database = await createTestDatabase(options);
    return database;
  };
  return { createDatabase, servers };
}

function stopped(pid: number): boolean {
  // /proc/PID/stat: "pid (comm) STATE …"; T is stopped by a signal.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

export interface Submit {
  method: 'POST';
  path: string;
  /** The route's pattern when `path` names a parameter's value (`/api/admin/kas/entries/:id/correction`). */
  route?: string;
  body: unknown;
  key: string;
}

function send(baseUrl: string, cookie: string, submit: Submit) {
  return fetch(`${baseUrl}${submit.path}`, {
    method: submit.method,
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json', 'idempotency-key': submit.key },
    body: JSON.stringify(submit.body),
  });
}

/**
 * The drill of issue 46: an instance commits `submit` and stops itself before answering (the
 * FAULT_STOP_BEFORE_ANSWER seam), is killed there, and a fresh instance on the same database is
 * sent the same submit, as the admin's screen sends it again. Resolves to that second answer and
 * the running second instance (the caller stops it).
 */
export async function commitThenKillThenResend(
  database: TestDatabase,
  admin: User,
  submit: Submit,
  servers: ServerProcess[],
): Promise<{
  status: number;
  body: unknown;
  api: ReturnType<typeof adminClient>;
  resend: (submit: Submit) => Promise<{ status: number; body: { message?: string } }>;
  firstAnswered: boolean;
}> {
  const env = { DATABASE_URL: database.url, LOG_LEVEL: 'error' };
  const first = await startServerProcess({ ...env, FAULT_STOP_BEFORE_ANSWER: `${submit.method} ${submit.route ?? submit.path}` });
  servers.push(first);
  const firstCookie = await loginCookie(first.baseUrl, admin);
  let firstAnswered = false;
  const lost = send(first.baseUrl, firstCookie, submit).then(
    () => {
      firstAnswered = true;
    },
    () => {},
  );
  const pid = first.child.pid as number;
  await waitUntil('the first instance stopped after its commit', async () => stopped(pid));
  await first.stop('SIGKILL');
  await lost;

  const second = await startServerProcess(env);
  servers.push(second);
  const cookie = await loginCookie(second.baseUrl, admin);
  const resend = async (again: Submit) => {
    const reply = await send(second.baseUrl, cookie, again);
    return { status: reply.status, body: await reply.json() };
  };
  const { status, body } = await resend(submit);
  return { status, body, api: adminClient(second.baseUrl, cookie), resend, firstAnswered };
}
