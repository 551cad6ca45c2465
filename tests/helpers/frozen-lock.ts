import pg from 'pg';
import { afterEach } from 'vitest';
import type { ServerProcess } from './server-process';
import type { TestDatabase } from './test-db';
import { waitUntil } from './wait-until';

// The key every instance's booking transaction locks (src/server/bookings/booking-lock.ts).
const BOOKING_LOCK_KEY = 0x626f6f6b;
// Another test's database on the same server takes the same key: only this database's locks count.
const THIS_DATABASE = "locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())";

/** Instances, PostgreSQL clients and a database a test registers; all are stopped, thawed, closed and dropped after it. */
export function frozenLockFixtures() {
  const fixtures = { database: undefined as TestDatabase | undefined, servers: [] as ServerProcess[], clients: [] as pg.Client[] };
  afterEach(async () => {
    for (const server of fixtures.servers.splice(0)) {
      server.child.kill('SIGCONT');
      await server.stop('SIGKILL');
    }
    for (const client of fixtures.clients.splice(0)) await client.end().catch(() => {});
    await fixtures.database?.drop();
    fixtures.database = undefined;
  });

  const connect = async (url: string): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    fixtures.clients.push(client);
    return client;
  };

  /**
   * Holds the booking lock, lets `request` (sent to `frozen`) wait for it inside its transaction,
   * freezes `frozen` (SIGSTOP) there and passes the lock on: the frozen instance now holds it; `reply` is its answer to come.
   */
  const freezeHoldingTheLock = async <T>(url: string, frozen: ServerProcess, request: () => Promise<T>): Promise<{ reply: Promise<T> }> => {
    const observer = await connect(url);
    const holder = await connect(url);
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1::bigint)', [BOOKING_LOCK_KEY]);
    const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const reply = request();
    await waitUntil(
      'the instance waiting for the booking lock',
      async () => (await observer.query(`select count(*)::int as n from pg_locks where ${THIS_DATABASE} and not granted`)).rows[0].n > 0,
    );
    frozen.child.kill('SIGSTOP');
    await holder.query('commit');
    await waitUntil('the frozen instance holding the booking lock', async () => {
      const pid = (await observer.query(`select pid from pg_locks where ${THIS_DATABASE} and granted`)).rows[0]?.pid;
      return pid !== undefined && pid !== holderPid;
    });
    return { reply };
  };

  return { fixtures, freezeHoldingTheLock };
}
