import { afterAll, describe, expect, it } from 'vitest';
import { recordExpense, recordPayment } from '../../src/server/fund/service';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, idsByName, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-22';
const TZ = 'Asia/Jakarta';

describe(`the class fund in the owner's chat on ${TEST_ENGINE}`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function deliverUpdate(testApp: TestApp, telegram: FakeTelegram, update: Record<string, unknown>): Promise<void> {
    const id = telegram.pushUpdate(update);
    await waitUntil(`update ${id} handled`, async () => {
      const row = await testApp.db.kysely.selectFrom('telegram_bot').select('last_update_id').executeTakeFirstOrThrow();
      return Number(row.last_update_id) >= id;
    });
  }
  async function ask(testApp: TestApp, telegram: FakeTelegram, text: string): Promise<string> {
    // Everything queued before goes first, so the last message delivered is the answer.
    await waitUntil('the outbox drained', async () => {
      const rows = await testApp.db.kysely.selectFrom('outbox').select(['sent_at', 'given_up_at']).execute();
      return rows.every((row) => row.sent_at !== null || row.given_up_at !== null);
    });
    const before = telegram.delivered.length;
    await deliverUpdate(testApp, telegram, telegram.textUpdate(text));
    await waitUntil(`the answer to ${text}`, () => telegram.delivered.length > before);
    return telegram.delivered.at(-1)?.text ?? '';
  }

  it('confirms a return with its charge once, /kas answers the balance and the largest amounts owed, and the digest the total', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const clock = createTestClock(jakartaInstant(DATE, '07:00').toISOString());
    const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: { digestTime: '06:00' } });
    cleanups.push(() => testApp.close());
    const ids = idsByName(await seedRoster(testApp.db, [BUDI, RIZKY]));
    const press = (token: string, body: Record<string, unknown>) =>
      requestJson(testApp.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, ...body } });

    const rizky = (await postBooking(testApp.baseUrl, bookingBody({ name: 'Rizky Maulana', date: DATE, start: '09:00', end: '11:00' })))
      .body.cancelToken;
    const budi = (await postBooking(testApp.baseUrl, bookingBody({ name: 'Budi Santoso', date: DATE, start: '12:00', end: '13:00' }))).body
      .cancelToken;
    clock.advance(2 * 60 * 60_000);
    expect((await press(rizky, { event: 'pickup' })).status).toBe(200);
    clock.advance(150 * 60_000);
    expect((await press(rizky, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    expect((await press(rizky, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    const text =
      'Rizky Maulana (PPTI 22) mengembalikan motor jam 11:30. Tagihan Rp40.000: Sewa 3 jam Rp30.000, Denda terlambat 1 jam Rp10.000.';
    await waitUntil('the return confirmation', () => telegram.delivered.some((message) => message.text === text));
    // Budi's ride is free: nothing to confirm about money.
    clock.advance(30 * 60_000);
    expect((await press(budi, { event: 'pickup' })).status).toBe(200);
    clock.advance(60 * 60_000);
    expect((await press(budi, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    expect(await ask(testApp, telegram, '/kas')).toBe('Saldo kas: Rp0\nSisa tagihan terbesar:\n1. Rizky Maulana (PPTI 22): Rp40.000');
    expect(telegram.delivered.filter((message) => message.text.includes('mengembalikan motor'))).toHaveLength(1);
    clock.advance(jakartaInstant('2026-11-23', '06:01').getTime() - clock.now().getTime());
    const digest = 'Belum ada peminjaman hari ini.\n\nTotal sisa tagihan: Rp40.000';
    await waitUntil('the next morning digest', () => telegram.delivered.some((message) => message.text === digest));

    const admin = { id: ids.get('Budi Santoso') ?? '', name: 'Budi Santoso' };
    const member = await testApp.db.kysely.selectFrom('users').select('ref').where('name', '=', 'Rizky Maulana').executeTakeFirstOrThrow();
    const at = { now: clock.now(), timeZone: TZ };
    await recordPayment(
      testApp.db.kysely,
      admin,
      { type: 'payment', member: member.ref ?? '', amount: 10_000, method: 'Tunai', date: DATE, note: '' },
      at,
    );
    await recordExpense(testApp.db.kysely, admin, { category: 'Servis', amount: 25_000, date: DATE, note: '' }, at);
    expect(await ask(testApp, telegram, '/kas')).toBe('Saldo kas: -Rp15.000\nSisa tagihan terbesar:\n1. Rizky Maulana (PPTI 22): Rp30.000');
    await recordPayment(
      testApp.db.kysely,
      admin,
      { type: 'payment', member: member.ref ?? '', amount: 30_000, method: 'QRIS', date: DATE, note: '' },
      at,
    );
    expect(await ask(testApp, telegram, '/kas')).toBe('Saldo kas: Rp15.000\nTidak ada sisa tagihan.');
  });
});
