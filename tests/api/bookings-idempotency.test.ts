import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import { bookingBody, countRows, jakartaInstant } from '../helpers/booking-fixtures';
import { lostCommitDb, QueryGate } from '../helpers/booking-gate';
import { withPostgresAdmin } from '../helpers/postgres';
import { BUDI, manyStudents, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

let clock = jakartaInstant('2026-11-22', '10:00');
const now = () => clock;
if (TEST_ENGINE !== 'postgres') {
  console.info(
    'bookings-idempotency: the booking-lock barrier across two instances is a PostgreSQL test (on SQLite the held file lock would block the test process itself)',
  );
}
const KEY_REUSED = 'Formulir ini sudah pernah dikirim dengan isi yang berbeda. Muat ulang halaman, lalu isi dan kirim lagi.';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  clock = jakartaInstant('2026-11-22', '10:00');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await startTestApp({ now, ...options });
  cleanups.push(() => testApp.close());
  await seedRoster(testApp.db, [BUDI]).catch(() => undefined);
  return testApp;
}

function post(testApp: TestApp, body: unknown, key?: string) {
  return requestJson(testApp.baseUrl, '/api/bookings', {
    method: 'POST',
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
}

async function keyRows(testApp: TestApp): Promise<number> {
  const row = await testApp.db.kysely
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`a booking sent again with the same Idempotency-Key on ${TEST_ENGINE}`, () => {
  it('answers the first answer again, with one booking and one owner notice', async () => {
    const testApp = await app();
    const body = bookingBody();
    const first = await post(testApp, body, 'form-1');
    expect(first.status).toBe(201);
    const again = await post(testApp, body, 'form-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(1);
    expect(await countRows(testApp.db, 'outbox')).toBe(1);
    // The replayed cancel secret is the one whose hash was saved with the booking.
    expect((await requestJson(testApp.baseUrl, '/api/bookings/by-token', { body: { token: again.body.cancelToken } })).status).toBe(200);
  });

  it('answers many simultaneous copies the same booking', async () => {
    const testApp = await app();
    const replies = await Promise.all(Array.from({ length: 10 }, () => post(testApp, bookingBody(), 'form-2')));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(201));
    for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(1);
    expect(await countRows(testApp.db, 'outbox')).toBe(1);
  });

  it('refuses another body under the same key with 422 and a clear message, writing nothing', async () => {
    const testApp = await app();
    expect((await post(testApp, bookingBody(), 'form-3')).status).toBe(201);
    const other = await post(testApp, bookingBody({ start: '12:00', end: '13:00' }), 'form-3');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: KEY_REUSED });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(1);
  });

  it('checks a refused request afresh: only a saved booking’s answer is kept', async () => {
    const testApp = await app();
    const tooLong = await post(testApp, bookingBody({ end: '13:00' }), 'form-4');
    expect(tooLong.body).toEqual({ errors: { end: 'Kelas PPTI 21 hanya boleh pinjam 4 jam' } });
    const fixed = await post(testApp, bookingBody({ end: '11:00' }), 'form-4');
    expect(fixed.status).toBe(201);
  });

  it('forgets a key after 24 hours and deletes it', async () => {
    const testApp = await app();
    expect((await post(testApp, bookingBody({ date: '2026-11-30' }), 'form-5')).status).toBe(201);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1);
    // Checked as a new request: the slot is now taken by the booking the key made.
    const later = await post(testApp, bookingBody({ date: '2026-11-30' }), 'form-5');
    expect(later.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (08:00 - 10:00)' } });
    expect(await keyRows(testApp)).toBe(0);
  });

  it('books under a key reused after it expired, with a cancel secret of its own', async () => {
    const testApp = await app();
    const first = await post(testApp, bookingBody({ date: '2026-11-30' }), 'form-6');
    expect(first.status).toBe(201);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1);
    const second = await post(testApp, bookingBody({ date: '2026-12-01' }), 'form-6');
    expect(second.status).toBe(201);
    expect(second.body.cancelToken).not.toBe(first.body.cancelToken);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(2);
  });

  it('refuses a key that is empty, too long or not printable ASCII, with 400', async () => {
    const testApp = await app();
    for (const key of ['x'.repeat(201), 'kunci rahasia', 'kunci\u00e9']) {
      const reply = await post(testApp, bookingBody(), key);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: 'Idempotency-Key tidak valid (1-200 karakter huruf, angka, atau tanda baca)' });
    }
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
  });

  it('holds across two app instances on one database, sent to both at once', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const first = await app({ database });
    const second = await app({ database });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(index % 2 === 0 ? first : second, bookingBody(), 'form-6')),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(201));
    for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
    expect(await countRows(first.db, 'borrow_request')).toBe(1);
    expect(await countRows(first.db, 'outbox')).toBe(1);
  });

  it.runIf(TEST_ENGINE === 'postgres')('holds across two instances whose copies both wait for the booking lock (PostgreSQL)', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const first = await app({ database });
    const second = await app({ database });
    // The test holds the booking lock, so both copies are inside their transactions, waiting.
    const holder = database.open();
    cleanups.push(() => holder.close());
    await holder.kysely.connection().execute(async (connection) => {
      await sqlLock(connection, 'lock');
      const replies = Promise.all([post(first, bookingBody(), 'form-7'), post(second, bookingBody(), 'form-7')]);
      await waitUntil('both copies waiting for the booking lock', async () => (await waitingForAdvisoryLocks(database)) === 2);
      await sqlLock(connection, 'unlock');
      const [a, b] = await replies;
      expect([a?.status, b?.status]).toEqual([201, 201]);
      expect(a?.body).toEqual(b?.body);
    });
    expect(await countRows(first.db, 'borrow_request')).toBe(1);
    expect(await countRows(first.db, 'outbox')).toBe(1);
  });
});

describe(`a commit that reached the database but whose reply was lost on ${TEST_ENGINE}`, () => {
  it('answers the saved booking, with or without a key, never an error or a clash with itself', async () => {
    let lose = false;
    const testApp = await app({
      openDb: (database) =>
        lostCommitDb(database, () => {
          const lost = lose;
          lose = false;
          return lost;
        }),
    });
    lose = true;
    const withKey = await post(testApp, bookingBody(), 'form-8');
    expect(withKey.status).toBe(201);
    lose = true;
    const withoutKey = await post(testApp, bookingBody({ start: '12:00', end: '13:00' }));
    expect(withoutKey.status).toBe(201);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(2);
    // The client's own retry of the first gets the same answer.
    expect((await post(testApp, bookingBody(), 'form-8')).body).toEqual(withKey.body);
  });

  it('for bookings that waited (one batch on PostgreSQL, retried one by one), answers each its saved booking', async () => {
    const gate = new QueryGate();
    let commits = 0;
    const testApp = await app({ openDb: (database) => lostCommitDb(database, () => ++commits === 2, gate) });
    const students = manyStudents('Rombongan', 3);
    await seedRoster(testApp.db, students);
    commits = 0;
    gate.arm();
    const firstReply = post(testApp, bookingBody({ name: 'Rombongan 1', start: '06:00', end: '07:00' }));
    await waitUntil('the first booking holding its transaction open', () => gate.reached);
    const rest = [2, 3].map((n) => post(testApp, bookingBody({ name: `Rombongan ${n}`, start: `${10 + n}:00`, end: `${11 + n}:00` })));
    await waitUntil('two bookings waiting', () => testApp.app.bookings.queue.waiting === 2);
    gate.release();
    const replies = [await firstReply, ...(await Promise.all(rest))];
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201]);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(3);
    expect(await countRows(testApp.db, 'outbox')).toBe(3);
  });
});

async function sqlLock(connection: Kysely<Database>, what: 'lock' | 'unlock') {
  // The same key the app's booking transactions take (src/server/bookings/repository.ts).
  const key = 0x626f6f6b;
  if (what === 'lock') await sql`select pg_advisory_lock(${key}::bigint)`.execute(connection);
  else await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
}

async function waitingForAdvisoryLocks(database: TestDatabase): Promise<number> {
  const name = new URL(database.url).pathname.slice(1);
  return withPostgresAdmin(async (client) => {
    const result = await client.query(
      "select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = $1)",
      [name],
    );
    return result.rows[0].count as number;
  });
}
