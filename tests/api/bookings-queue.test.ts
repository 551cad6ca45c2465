import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingBody, countRows, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { gatedDb, QueryGate } from '../helpers/booking-gate';
import { manyStudents, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const now = () => jakartaInstant('2026-11-22', '10:00');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app whose next booking transaction is held open by the gate until the test releases it. */
async function gatedApp(queueLimit = 1000): Promise<{ testApp: TestApp; gate: QueryGate }> {
  const gate = new QueryGate();
  const testApp = await startTestApp({ now, openDb: (database) => gatedDb(database, gate), config: { bookingQueueLimit: queueLimit } });
  cleanups.push(() => testApp.close());
  await seedRoster(testApp.db, manyStudents('Antre', 6));
  return { testApp, gate };
}

const slot = (n: number, overrides: Parameters<typeof bookingBody>[0] = {}) =>
  bookingBody({
    name: `Antre ${n}`,
    date: '2026-12-01',
    start: `${String(6 + n).padStart(2, '0')}:00`,
    end: `${String(7 + n).padStart(2, '0')}:00`,
    ...overrides,
  });

/** Sends the first booking and holds its transaction open, then sends `rest` and waits until they all wait in the queue. */
async function holdFirstThenQueue(testApp: TestApp, gate: QueryGate, first: unknown, rest: unknown[]) {
  gate.arm();
  const firstReply = postBooking(testApp.baseUrl, first);
  await waitUntil('the first booking holding its transaction open', () => gate.reached);
  const restReplies = rest.map((body) => postBooking(testApp.baseUrl, body));
  await waitUntil(`${rest.length} bookings waiting`, () => testApp.app.bookings.queue.waiting === rest.length);
  return { firstReply, restReplies };
}

describe(`bookings that wait for the one being written, on ${TEST_ENGINE}`, () => {
  it('are saved together in the next transaction, each seeing those before it', async () => {
    const { testApp, gate } = await gatedApp();
    const { firstReply, restReplies } = await holdFirstThenQueue(testApp, gate, slot(1), [slot(2), slot(3), slot(3, { name: 'Antre 4' })]);
    gate.release();
    const replies = [await firstReply, ...(await Promise.all(restReplies))];
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 422]);
    expect(replies[3]?.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (09:00 - 10:00)' } });
    expect(testApp.app.bookings.queue.batches).toEqual({ batches: 2, jobs: 4, largest: 3 });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(3);
  });

  it('when the database refuses one of them, retries one by one so only that one fails', async () => {
    const { testApp, gate } = await gatedApp();
    await refuseReason(testApp, 'meledak');
    const { firstReply, restReplies } = await holdFirstThenQueue(testApp, gate, slot(1), [
      slot(2),
      slot(3, { reason: 'meledak' }),
      slot(4),
    ]);
    gate.release();
    const replies = [await firstReply, ...(await Promise.all(restReplies))];
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 500, 201]);
    expect(replies[2]?.body).toEqual({ message: 'Gagal menyimpan data, coba lagi.' });
    // The batch of three failed and each was tried alone.
    expect(testApp.app.bookings.queue.batches).toEqual({ batches: 5, jobs: 7, largest: 3 });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(3);
    expect(await countRows(testApp.db, 'outbox')).toBe(3);
  });

  it('are bounded: past BOOKING_QUEUE_LIMIT waiting, a booking answers 503 and writes nothing', async () => {
    const { testApp, gate } = await gatedApp(2);
    const { firstReply, restReplies } = await holdFirstThenQueue(testApp, gate, slot(1), [slot(2), slot(3)]);
    const refused = await postBooking(testApp.baseUrl, slot(4));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: 'Server sedang sibuk, coba lagi sebentar lagi.' });
    expect(refused.headers.get('retry-after')).toBe('1');
    gate.release();
    expect([(await firstReply).status, ...(await Promise.all(restReplies)).map((reply) => reply.status)]).toEqual([201, 201, 201]);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(3);
    // Once the queue drained, bookings are taken again.
    expect((await postBooking(testApp.baseUrl, slot(4))).status).toBe(201);
  });
});

async function refuseReason(testApp: TestApp, reason: string): Promise<void> {
  if (testApp.db.engine === 'sqlite') {
    await sql
      .raw(
        `create trigger refuse_one before insert on borrow_request when new.reason = '${reason}' begin select raise(abort, 'refused by test'); end`,
      )
      .execute(testApp.db.kysely);
    return;
  }
  await sql
    .raw(
      `create function refuse_one() returns trigger language plpgsql as $$ begin if new.reason = '${reason}' then raise exception 'refused by test'; end if; return new; end $$`,
    )
    .execute(testApp.db.kysely);
  await sql
    .raw('create trigger refuse_one before insert on borrow_request for each row execute function refuse_one()')
    .execute(testApp.db.kysely);
}
