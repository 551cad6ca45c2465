import { afterEach, describe, expect, it } from 'vitest';
import { addVoucher, bookingBody, countRows, isVoucherUsed, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { manyStudents, seedRoster } from '../helpers/roster';
import { type JsonReply, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const now = () => jakartaInstant('2026-11-22', '10:00');
const SLOT = { date: '2026-12-01', start: '08:00', end: '10:00' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(database?: TestDatabase): Promise<TestApp> {
  const testApp = await startTestApp({ now, database });
  cleanups.push(() => testApp.close());
  return testApp;
}

function statuses(replies: JsonReply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
}

describe(`simultaneous bookings on ${TEST_ENGINE}`, () => {
  it('50 students asking for one slot at once: exactly one booking and 49 overlap errors', async () => {
    const testApp = await app();
    const students = manyStudents('Mahasiswa', 50);
    await seedRoster(testApp.db, students);
    const replies = await Promise.all(students.map(({ name }) => postBooking(testApp.baseUrl, bookingBody({ name, ...SLOT }))));
    expect(statuses(replies)).toEqual({ 201: 1, 422: 49 });
    for (const reply of replies.filter((r) => r.status === 422)) {
      expect(reply.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (08:00 - 10:00)' } });
    }
    expect(await countRows(testApp.db, 'borrow_request')).toBe(1);
    expect(await countRows(testApp.db, 'outbox')).toBe(1);
  });

  it('20 students racing for one voucher: it is spent exactly once, the others are told it is used', async () => {
    const testApp = await app();
    const students = manyStudents('Pemburu', 20);
    await seedRoster(testApp.db, students);
    await addVoucher(testApp.db, 'VCH-RACE01');
    const replies = await Promise.all(
      students.map(({ name }) => postBooking(testApp.baseUrl, bookingBody({ name, ...SLOT, reason: 'VCH-RACE01' }))),
    );
    expect(statuses(replies)).toEqual({ 201: 1, 422: 19 });
    const winner = replies.find((reply) => reply.status === 201);
    expect(winner?.body.booking).toMatchObject({ start: '08:00', end: '14:00', usedVoucher: true });
    for (const reply of replies.filter((r) => r.status === 422)) {
      expect(reply.body).toEqual({ errors: { reason: 'Kode voucher tidak dikenal atau sudah dipakai' } });
    }
    expect(await isVoucherUsed(testApp.db, 'VCH-RACE01')).toBe(true);
    const withVoucher = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('id')
      .where('voucher_code', '=', 'VCH-RACE01')
      .execute();
    expect(withVoucher).toHaveLength(1);
  });

  it('50 students asking one slot of two app instances on one database: exactly one booking', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const [first, second] = [await app(database), await app(database)];
    const students = manyStudents('Peminjam', 50);
    await seedRoster(first.db, students);
    const replies = await Promise.all(
      students.map(({ name }, index) => postBooking((index % 2 === 0 ? first : second).baseUrl, bookingBody({ name, ...SLOT }))),
    );
    expect(statuses(replies)).toEqual({ 201: 1, 422: 49 });
    expect(await countRows(first.db, 'borrow_request')).toBe(1);
  });
});
