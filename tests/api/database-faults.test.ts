import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { cancelBooking } from '../../src/server/bookings/cancel/service';
import type { NewUser } from '../../src/server/roster/service';
import { bookingBody, countRows, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { withPostgresAdmin } from '../helpers/postgres';
import { BUDI, manyStudents, seedRoster } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const postgresOnly = TEST_ENGINE === 'postgres';
if (!postgresOnly) {
  console.info(
    'database-faults: PostgreSQL only (SQLite is a file opened in the process: no server to drop connections or to set an isolation level)',
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(roster?: readonly NewUser[]): Promise<TestDatabase> {
  const database = await createTestDatabase({ roster });
  cleanups.push(() => database.drop());
  return database;
}

function databaseName(database: TestDatabase): string {
  return new URL(database.url).pathname.slice(1);
}

/** Ends every connection to the database but the admin's own, as a failover or a restart would. */
async function terminateBackends(database: TestDatabase): Promise<number> {
  return withPostgresAdmin(async (client) => {
    const result = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName(database)],
    );
    return result.rowCount ?? 0;
  });
}

describe.runIf(postgresOnly)('PostgreSQL connections ended by the server', () => {
  // The server process runs on the real clock: dates within the booking horizon of today.
  const soon = addDays(todayIn('Asia/Jakarta', new Date()), 10);
  const later = addDays(soon, 1);

  it('never stop the server: idle ones are logged and replaced, requests go on being answered', async () => {
    const database = await freshDatabase(manyStudents('Tahan', 40));
    const server = await startServerProcess({ DATABASE_URL: database.url, APP_TIMEZONE: 'Asia/Jakarta' });
    cleanups.push(async () => {
      await server.stop();
    });

    // Fill the pool, let its connections go idle, then end them all.
    const warmUp = await Promise.all(Array.from({ length: 20 }, () => requestJson(server.baseUrl, '/api/bookings?date=2026-12-01')));
    expect(warmUp.every((reply) => reply.status === 200)).toBe(true);
    expect(await terminateBackends(database)).toBeGreaterThan(0);
    await waitUntil('the idle connection errors logged', () => server.output().includes('a connection was closed'));

    // End them again and again while bookings and reads are running.
    let n = 0;
    for (let round = 0; round < 5; round++) {
      const requests = Array.from({ length: 8 }, () => {
        n += 1;
        const hour = String(Math.floor(n / 2)).padStart(2, '0');
        return n % 2 === 0
          ? postBooking(server.baseUrl, bookingBody({ name: `Tahan ${n}`, date: soon, start: `${hour}:00`, end: `${hour}:30` }))
          : requestJson(server.baseUrl, `/api/bookings?date=${soon}`);
      });
      const [replies] = await Promise.all([Promise.all(requests), terminateBackends(database)]);
      // Every request is answered: a success, or a clean error for one caught by the cut.
      for (const reply of replies) expect([200, 201, 422, 503]).toContain(reply.status);
    }

    expect(server.child.exitCode).toBeNull();
    const after = await postBooking(server.baseUrl, bookingBody({ name: 'Tahan 40', date: later }));
    expect(after.status).toBe(201);
    // A cut write marks the instance degraded until a write succeeds again (issue 22).
    expect((await requestJson(server.baseUrl, '/healthz')).status).toBe(200);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  });
});

describe.runIf(postgresOnly)('the booking transaction on a server whose default isolation is REPEATABLE READ', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
  });

  const now = () => jakartaInstant('2026-11-22', '10:00');

  /** Two app instances on one fresh database whose transactions default to REPEATABLE READ. */
  async function startTwoInstances(): Promise<[TestApp, TestApp]> {
    const database = await freshDatabase();
    await withPostgresAdmin((client) =>
      client.query(`alter database "${databaseName(database)}" set default_transaction_isolation = 'repeatable read'`),
    );
    apps = [await startTestApp({ now, database }), await startTestApp({ now, database })];
    return apps as [TestApp, TestApp];
  }

  it('still gives one slot to exactly one of 40 students on two instances', async () => {
    const [first, second] = await startTwoInstances();
    const isolation = await first.db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx);
      return rows[0]?.transaction_isolation;
    });
    expect(isolation).toBe('repeatable read');
    const students = manyStudents('Ulang', 40);
    await seedRoster(first.db, students);
    const replies = await Promise.all(
      students.map(({ name }, index) =>
        postBooking((index % 2 === 0 ? first : second).baseUrl, bookingBody({ name, date: '2026-12-01', start: '08:00', end: '10:00' })),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 422)).toHaveLength(39);
    expect(await countRows(first.db, 'borrow_request')).toBe(1);
  });

  it('cancels a booking exactly once when both instances are asked at the same moment', async () => {
    const [first, second] = await startTwoInstances();
    await seedRoster(first.db, [BUDI]);
    expect((await postBooking(first.baseUrl, bookingBody({ date: '2026-12-01' }))).status).toBe(201);
    const { ref } = await first.db.kysely.selectFrom('borrow_request').select('ref').executeTakeFirstOrThrow();
    const request = { who: { kind: 'owner' as const }, reason: 'Bersamaan', now: now(), timeZone: 'Asia/Jakarta' };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => cancelBooking((index % 2 === 0 ? first : second).db, { ref: ref ?? '' }, request)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'cancelled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'refused')).toHaveLength(9);
    const notices = await first.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'booking-cancelled').execute();
    expect(notices).toHaveLength(1);
  });
});
