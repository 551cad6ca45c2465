import { afterEach, describe, expect, it } from 'vitest';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type DeliveredMessage, type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TODAY = '2026-11-22';
const SEVEN_AM = '2026-11-22T00:00:00.000Z';

async function setUp(options: TestAppOptions = {}) {
  const telegram = await startFakeTelegram();
  cleanups.push(() => telegram.close());
  const clock = createTestClock(SEVEN_AM);
  const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {}, handoverQuestions: true, ...options });
  cleanups.push(() => testApp.close());
  const [admin] = await seedRoster(testApp.db, [ADMIN, BUDI]);
  if (!admin) throw new Error('no admin');
  return { telegram, clock, testApp, admin };
}

function moveTo(clock: TestClock, time: string): void {
  clock.advance(jakartaInstant(TODAY, time).getTime() - clock.now().getTime());
}

async function book(testApp: TestApp, start: string, end: string): Promise<string> {
  const reply = await postBooking(testApp.baseUrl, bookingBody({ date: TODAY, start, end, reason: 'Kuliah', needStnk: 'tidak' }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const row = await testApp.db.kysely.selectFrom('borrow_request').select('ref').where('start_time', '=', start).executeTakeFirstOrThrow();
  return row.ref ?? '';
}

const bookingRow = (testApp: TestApp, ref: string) =>
  testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

const buttons = (telegram: FakeTelegram, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));

async function outboxDrained(testApp: TestApp): Promise<void> {
  await waitUntil('the outbox drained', async () => {
    const rows = await testApp.db.kysely.selectFrom('outbox').select(['sent_at', 'given_up_at']).execute();
    return rows.every((row) => row.sent_at !== null || row.given_up_at !== null);
  });
}

async function delivered(testApp: TestApp, telegram: FakeTelegram, start: string): Promise<DeliveredMessage> {
  await waitUntil(`a message starting ${start}`, () => telegram.delivered.some((message) => message.text.startsWith(start)));
  await outboxDrained(testApp);
  const message = telegram.delivered.find((candidate) => candidate.text.startsWith(start));
  if (!message) throw new Error(`no message starting ${start}`);
  return message;
}

async function press(testApp: TestApp, telegram: FakeTelegram, data: string, messageId: number): Promise<string | undefined> {
  const before = telegram.answers.length;
  const id = telegram.pushUpdate(telegram.callbackUpdate(data, messageId));
  await waitUntil(`update ${id} handled`, async () => {
    const row = await testApp.db.kysely.selectFrom('telegram_bot').select('last_update_id').executeTakeFirstOrThrow();
    return Number(row.last_update_id) >= id;
  });
  await waitUntil('the press answered', () => telegram.answers.length > before);
  await outboxDrained(testApp);
  return telegram.answers[before]?.text;
}

describe(`the owner's chat follows the loan's lifecycle on ${TEST_ENGINE}`, () => {
  it('Sudah kembali pressed at 12:02 records 12:02; the fuel pressed at 12:20 completes it and the charge stays Rp0', async () => {
    const { telegram, clock, testApp } = await setUp();
    const ref = await book(testApp, '10:00', '12:00');
    moveTo(clock, '12:00');
    const question = await delivered(testApp, telegram, 'Budi Santoso (PPTI 21) selesai jam 12:00. Sudah kembali?');
    moveTo(clock, '12:02');
    expect(await press(testApp, telegram, `r:${ref}`, question.messageId)).toBe(
      'Motor dari Budi Santoso (PPTI 21) tercatat kembali jam 12:02.',
    );
    moveTo(clock, '12:20');
    expect(await press(testApp, telegram, `f:${ref}:1`, question.messageId)).toBe('Bensin dicatat: 3/4.');
    const row = await bookingRow(testApp, ref);
    expect(row).toMatchObject({ returned_at: jakartaInstant(TODAY, '12:02').toISOString(), fuel_back: '3/4', end_time: '12:02' });
    const charge = await testApp.db.kysely.selectFrom('charge').select(['amount']).where('booking_id', '=', row.id).executeTakeFirst();
    expect(charge).toEqual({ amount: 0 });
  });

  it('a cancelled loan’s reminder loses Sudah diambil; a stale press answers the refusal and records nothing', async () => {
    const { telegram, clock, testApp, admin } = await setUp({ bot: { reminderMinutes: 30 } });
    const ref = await book(testApp, '09:00', '10:00');
    moveTo(clock, '08:30');
    const reminder = await delivered(testApp, telegram, 'Siapkan kunci');
    expect(buttons(telegram, reminder.messageId)).toEqual([['Sudah diambil']]);
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    expect((await api.post(`/api/admin/bookings/${ref}/cancel`, { reason: 'Motor dipakai panitia' })).status).toBe(200);
    await outboxDrained(testApp);
    expect(buttons(telegram, reminder.messageId)).toEqual([]);
    expect(await press(testApp, telegram, `p:${ref}`, reminder.messageId)).toBe('Peminjaman ini sudah dibatalkan.');
    expect((await bookingRow(testApp, ref)).picked_up_at).toBeNull();
  });

  it('the notice’s Batalkan on a loan picked up answers the refusal and asks nothing', async () => {
    const { telegram, clock, testApp } = await setUp();
    const ref = await book(testApp, '09:00', '10:00');
    const notice = await delivered(testApp, telegram, 'Peminjaman motor baru');
    moveTo(clock, '08:45');
    const reply = telegram.pushUpdate(telegram.textUpdate('/ambil'));
    await waitUntil('the pickup recorded', async () => (await bookingRow(testApp, ref)).picked_up_at !== null);
    expect(reply).toBeGreaterThan(0);
    await outboxDrained(testApp);
    expect(buttons(telegram, notice.messageId)).toEqual([]);
    expect(await press(testApp, telegram, `c:${ref}`, notice.messageId)).toBe('Peminjaman yang sudah diambil tidak bisa dibatalkan.');
    expect(buttons(telegram, notice.messageId)).toEqual([]);
    expect(await press(testApp, telegram, `y:${ref}`, notice.messageId)).toBeUndefined();
    expect((await bookingRow(testApp, ref)).cancelled_at).toBeNull();
  });
});
