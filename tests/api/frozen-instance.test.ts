import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

// The key every instance's booking transaction locks (src/server/bookings/booking-lock.ts).
const BOOKING_LOCK_KEY = 0x626f6f6b;

let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];
const clients: pg.Client[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGCONT');
    await server.stop('SIGKILL');
  }
  for (const client of clients.splice(0)) await client.end().catch(() => {});
  await database?.drop();
  database = undefined;
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
}

function book(baseUrl: string, body: object, key: string) {
  return fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

describe.runIf(TEST_ENGINE === 'postgres')('an instance frozen (SIGSTOP) inside the booking transaction', () => {
  it('holds the booking lock only until PostgreSQL ends its idle transaction: the other instance books again within 6 s', async () => {
    database = await createTestDatabase({ roster: manyStudents('Beku', 4) });
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'error' };
    const frozen = await startServerProcess(env);
    servers.push(frozen);
    const other = await startServerProcess(env);
    servers.push(other);
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 4);
    const slot = (name: string, start: string) => ({ name, date, start, end: `${start.slice(0, 2)}:45`, reason: 'beku', needStnk: '' });

    const observer = await connect(database.url);
    const waitingForLock = async () =>
      (await observer.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n > 0;
    const lockHolder = async () =>
      (await observer.query("select pid from pg_locks where locktype = 'advisory' and granted")).rows[0]?.pid as number | undefined;

    // Hold the lock, so the first instance's booking waits for it inside its transaction ...
    const holder = await connect(database.url);
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1::bigint)', [BOOKING_LOCK_KEY]);
    const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const frozenReply = book(frozen.baseUrl, slot('Beku 1', '08:00'), 'beku-1');
    await waitUntil('the first instance waiting for the booking lock', waitingForLock);
    // ... freeze it there, and let the lock pass to it: it now holds the lock and cannot go on.
    frozen.child.kill('SIGSTOP');
    await holder.query('commit');
    await waitUntil('the frozen instance holding the booking lock', async () => {
      const pid = await lockHolder();
      return pid !== undefined && pid !== holderPid;
    });

    const started = Date.now();
    let reply = await book(other.baseUrl, slot('Beku 2', '10:00'), 'beku-2');
    const refusals: unknown[] = [];
    // The form sends a refused booking again with the same key; so does this client.
    while (reply.status === 503 && Date.now() - started < 20_000) {
      refusals.push(reply.body);
      reply = await book(other.baseUrl, slot('Beku 2', '10:00'), 'beku-2');
    }
    const waited = Date.now() - started;
    expect(reply.status).toBe(201);
    expect(waited).toBeLessThan(6000);
    for (const refusal of refusals) expect(refusal).toEqual({ message: messages.storageTrouble });
    console.log(`frozen-instance: the other instance booked ${waited} ms after the lock froze, after ${refusals.length} refusal(s)`);

    // The other instance booked while this one was still stopped: its lock was taken from it. Thawed, it answers its waiting client and books again.
    frozen.child.kill('SIGCONT');
    const late = await frozenReply;
    expect([201, 503]).toContain(late.status);
    const retried = await book(frozen.baseUrl, slot('Beku 1', '08:00'), 'beku-1');
    expect(retried.status).toBe(201);
  });
});

if (TEST_ENGINE !== 'postgres') console.log('frozen-instance: the booking lock shared by instances is a PostgreSQL test');
