import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { enqueueFundReminders } from '../../src/server/fund/reminders';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, outboxSent } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const TZ = 'Asia/Jakarta';
const REMINDER = 'Tagihan kamu: Rp20.000.\nCara bayar: BCA 1234567890 a.n. Siti Bendahara';

describe(`the monthly fund reminder and /tagihan on ${TEST_ENGINE}, two instances and a restart`, () => {
  let telegram: FakeTelegram;
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let admin: User;
  let now = jakartaInstant('2026-11-26', '07:00').getTime();
  const clock = { now: () => new Date(now) };
  const at = (date: string, time: string) => {
    now = jakartaInstant(date, time).getTime();
  };
  const start = () => startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    database = await createTestDatabase();
    first = await start();
    second = await start();
    [admin] = (await seedRoster(first.db, [ADMIN, BUDI, RIZKY])) as [User];
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
    await telegram.close();
  });

  const press = (token: string, body: Record<string, unknown>) =>
    requestJson(first.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, ...body } });
  const reminders = (chatId: string) => chatTexts(telegram, chatId).filter((text) => text.startsWith('Tagihan kamu:'));
  const ask = async (chatId: string, text: string) => {
    const before = chatTexts(telegram, chatId).length;
    telegram.pushUpdate(telegram.textUpdate(text, chatId));
    await waitUntil(`the answer to ${text} in ${chatId}`, () => chatTexts(telegram, chatId).length > before);
    return chatTexts(telegram, chatId).at(-1);
  };

  it('sends Tagihan kamu with how to pay once per chat per month from 09:00 on FUND_REMINDER_DAY, to chats that owe', async () => {
    const rizky = await bookOn(first, '2026-11-26', '10:00', '12:00', 'Rizky Maulana');
    const budi = await bookOn(first, '2026-11-27', '10:00', '11:00', 'Budi Santoso');
    await linkChatTo(first, telegram, '7001', deviceSecret('r'), [rizky.token]);
    await linkChatTo(first, telegram, '7002', deviceSecret('b'), [budi.token]);
    at('2026-11-26', '10:00');
    await press(rizky.token, { event: 'pickup' });
    at('2026-11-26', '12:00');
    await press(rizky.token, { event: 'return', fuel: 'Penuh' });
    // Else the charge's own message, still on its way, would be read as /tagihan's answer below.
    await waitUntil('the charge told in the chat', () =>
      chatTexts(telegram, '7001').some((text) => text.startsWith('Biaya peminjaman kamu: Rp20.000')),
    );

    const api = adminClient(first.baseUrl, await loginCookie(first.baseUrl, admin));
    expect((await api.put('/api/admin/kas/cara-bayar', { treasurer: ' ', account: 'BCA 1' })).body.errors).toEqual({
      treasurer: 'Nama bendahara harus diisi',
    });
    const saved = await api.put('/api/admin/kas/cara-bayar', { treasurer: 'Siti Bendahara', account: 'BCA 1234567890' });
    expect(saved.status).toBe(200);
    expect((await api.get('/api/admin/kas')).body.howToPay).toEqual({
      treasurer: 'Siti Bendahara',
      account: 'BCA 1234567890',
      qris: false,
    });
    const own = await requestJson(first.baseUrl, '/api/bookings/by-token', { method: 'POST', body: { token: rizky.token } });
    expect(own.body.booking.charge).toMatchObject({
      amount: 20_000,
      paid: false,
      howToPay: 'Cara bayar: BCA 1234567890 a.n. Siti Bendahara',
    });

    expect(await ask('7001', '/tagihan')).toBe(REMINDER);
    expect(await ask('7002', '/tagihan')).toBe('Tagihan kamu: Rp0.');
    expect(await ask('7003', '/tagihan')).toBe(borrowerChatMessages.notLinked);

    at('2026-12-01', '08:59');
    expect(await enqueueFundReminders(first.db.kysely, clock.now(), { timeZone: TZ, day: 1 })).toBe(0);
    at('2026-12-01', '09:00');
    await waitUntil('the monthly reminder', () => reminders('7001').length === 2);
    // A claim's lease is on the app clock: moved on while the send is still unmarked, the row would be due again.
    await outboxSent(first);

    await second.close();
    second = await start();
    at('2026-12-01', '18:00');
    expect(await enqueueFundReminders(second.db.kysely, clock.now(), { timeZone: TZ, day: 1 })).toBe(0);
    const rows = await first.db.kysely.selectFrom('outbox').select('dedupe_key').where('dedupe_key', 'like', 'fund-reminder:%').execute();
    expect(rows.map((row) => row.dedupe_key)).toEqual(['fund-reminder:2026-12:7001']);
    await outboxSent(first);
    expect(reminders('7001')).toEqual([REMINDER, REMINDER]);
    expect(reminders('7002')).toEqual(['Tagihan kamu: Rp0.']);

    at('2026-12-02', '09:00');
    expect(await enqueueFundReminders(first.db.kysely, clock.now(), { timeZone: TZ, day: 1 })).toBe(0);
    at('2027-01-01', '09:30');
    await waitUntil('January’s reminder', async () => {
      const january = await first.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('dedupe_key', '=', 'fund-reminder:2027-01:7001')
        .execute();
      return january.length === 1;
    });
  });
});
