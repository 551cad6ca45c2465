import { afterEach, describe, expect, it } from 'vitest';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { type BookingBody, bookingBody, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type DeliveredMessage, type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fake(): Promise<FakeTelegram> {
  const telegram = await startFakeTelegram();
  cleanups.push(() => telegram.close());
  return telegram;
}

const ROSTER = [
  BUDI,
  { name: 'Rizky_Maulana', class: 'PPTI 22' },
  { name: 'Sari Dewi', class: 'PPTI 21' },
  { name: 'Tono', class: 'PPTI 21' },
];

const TODAY = '2026-11-22';
/** 07:00 in Jakarta on TODAY. */
const SEVEN_AM = '2026-11-22T00:00:00.000Z';

async function app(telegram: FakeTelegram, clock: TestClock, options: TestAppOptions = {}, roster = true): Promise<TestApp> {
  const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {}, handoverQuestions: true, ...options });
  cleanups.push(() => testApp.close());
  if (roster) await seedRoster(testApp.db, ROSTER);
  return testApp;
}

function moveTo(clock: TestClock, time: string): void {
  clock.advance(jakartaInstant(TODAY, time).getTime() - clock.now().getTime());
}

/** Books and returns the cancel secret (the borrower's page). */
async function book(testApp: TestApp, body: Partial<BookingBody>): Promise<string> {
  const reply = await postBooking(
    testApp.baseUrl,
    bookingBody({ date: TODAY, start: '09:00', end: '10:00', reason: 'Kuliah', needStnk: 'tidak', ...body }),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.cancelToken as string;
}

async function refOf(testApp: TestApp, start: string): Promise<string> {
  const row = await testApp.db.kysely.selectFrom('borrow_request').select('ref').where('start_time', '=', start).executeTakeFirstOrThrow();
  if (row.ref === null) throw new Error('a booking without a ref');
  return row.ref;
}

function bookingRow(testApp: TestApp, ref: string) {
  return testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
}

const buttons = (telegram: FakeTelegram, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));

const callbacks = (telegram: FakeTelegram, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.callback_data));

async function deliverUpdate(testApp: TestApp, telegram: FakeTelegram, update: Record<string, unknown>): Promise<void> {
  const id = telegram.pushUpdate(update);
  await waitUntil(`update ${id} handled`, async () => {
    const row = await testApp.db.kysely.selectFrom('telegram_bot').select('last_update_id').executeTakeFirstOrThrow();
    return Number(row.last_update_id) >= id;
  });
}

async function outboxDrained(testApp: TestApp): Promise<void> {
  await waitUntil('the outbox drained', async () => {
    const rows = await testApp.db.kysely.selectFrom('outbox').select(['sent_at', 'given_up_at']).execute();
    return rows.every((row) => row.sent_at !== null || row.given_up_at !== null);
  });
  const givenUp = await testApp.db.kysely.selectFrom('outbox').select('last_error').where('given_up_at', 'is not', null).execute();
  expect(givenUp).toEqual([]);
}

/** The first message delivered whose text starts with `start`, once it is recorded as sent (its buttons act only then). */
async function delivered(testApp: TestApp, telegram: FakeTelegram, start: string): Promise<DeliveredMessage> {
  await waitUntil(`a message starting ${start}`, () => telegram.delivered.some((message) => message.text.startsWith(start)));
  await outboxDrained(testApp);
  const message = telegram.delivered.find((candidate) => candidate.text.startsWith(start));
  if (!message) throw new Error(`no message starting ${start}`);
  return message;
}

/** Presses a button and returns the callback's answer, once everything it queued is sent. */
async function press(testApp: TestApp, telegram: FakeTelegram, data: string, messageId: number, chatId?: string) {
  const before = telegram.answers.length;
  await deliverUpdate(testApp, telegram, telegram.callbackUpdate(data, messageId, chatId));
  await waitUntil('the press answered', () => telegram.answers.length > before);
  await outboxDrained(testApp);
  return telegram.answers[before]?.text;
}

/** Writes in the owner's chat and returns the messages the bot sent in answer. */
async function say(testApp: TestApp, telegram: FakeTelegram, text: string): Promise<DeliveredMessage[]> {
  await outboxDrained(testApp);
  const before = telegram.delivered.length;
  await deliverUpdate(testApp, telegram, telegram.textUpdate(text));
  await outboxDrained(testApp);
  return telegram.delivered.slice(before);
}

async function sayAndReply(testApp: TestApp, telegram: FakeTelegram, text: string): Promise<DeliveredMessage> {
  const [reply, ...more] = await say(testApp, telegram, text);
  if (!reply) throw new Error(`no answer to ${text}`);
  expect(more).toEqual([]);
  return reply;
}

const FUEL_BUTTONS = [['Sisa bensin?'], ['Penuh', '3/4', '1/2'], ['1/4', 'Hampir habis']];

describe('Sudah diambil under the handover reminder', () => {
  it('records the pickup by the owner now, shows it on the notice and the reminder, and a second press changes nothing', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock, { bot: { reminderMinutes: 30 } });
    await book(testApp, { start: '09:00', end: '10:00' });
    const ref = await refOf(testApp, '09:00');
    const notice = await delivered(testApp, telegram, 'Peminjaman motor baru');
    moveTo(clock, '08:30');
    const reminder = await delivered(testApp, telegram, 'Siapkan kunci');
    expect(reminder.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Sudah diambil', callback_data: `p:${ref}` }]] });

    expect(await press(testApp, telegram, `p:${ref}`, reminder.messageId)).toBe('✅ Diambil 08:30 (pemilik)');
    expect(await bookingRow(testApp, ref)).toMatchObject({
      picked_up_at: jakartaInstant(TODAY, '08:30').toISOString(),
      picked_up_by_kind: 'owner',
    });
    expect(telegram.chat.get(reminder.messageId)?.text).toBe(
      'Siapkan kunci untuk Budi Santoso (PPTI 21) jam 09:00.\n✅ Diambil 08:30 (pemilik)',
    );
    expect(buttons(telegram, reminder.messageId)).toEqual([]);
    expect(telegram.chat.get(notice.messageId)?.text).toBe(`${notice.text}\n✅ Diambil 08:30 (pemilik)`);
    expect(buttons(telegram, notice.messageId)).toEqual([]);

    const edits = telegram.edits.length;
    moveTo(clock, '08:35');
    expect(await press(testApp, telegram, `p:${ref}`, reminder.messageId)).toBe('Sudah tercatat diambil jam 08:30 oleh pemilik.');
    expect(telegram.edits.length).toBe(edits);
    expect((await bookingRow(testApp, ref)).picked_up_at).toBe(jakartaInstant(TODAY, '08:30').toISOString());
  });

  it('a press from another chat is ignored; after the borrower recorded, a press answers what stands', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock, { bot: { reminderMinutes: 30 } });
    const token = await book(testApp, { start: '09:00', end: '10:00' });
    const ref = await refOf(testApp, '09:00');
    moveTo(clock, '08:30');
    const reminder = await delivered(testApp, telegram, 'Siapkan kunci');
    moveTo(clock, '08:40');
    expect(await press(testApp, telegram, `p:${ref}`, reminder.messageId, '-100555')).toBeUndefined();
    expect((await bookingRow(testApp, ref)).picked_up_at).toBeNull();
    expect(telegram.edits).toEqual([]);

    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token, event: 'pickup' } });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    await outboxDrained(testApp);
    expect(telegram.chat.get(reminder.messageId)?.text).toBe(
      'Siapkan kunci untuk Budi Santoso (PPTI 21) jam 09:00.\n✅ Diambil 08:40 (peminjam)',
    );
    expect(buttons(telegram, reminder.messageId)).toEqual([]);
    const edits = telegram.edits.length;
    expect(await press(testApp, telegram, `p:${ref}`, reminder.messageId)).toBe('Sudah tercatat diambil jam 08:40 oleh peminjam.');
    expect(telegram.edits.length).toBe(edits);
    expect((await bookingRow(testApp, ref)).picked_up_by_kind).toBe('borrower');

    // The end question, then the borrower's return first: the owner's Sudah kembali is told what stands.
    moveTo(clock, '10:00');
    const question = await delivered(testApp, telegram, 'Budi Santoso (PPTI 21) selesai jam 10:00');
    moveTo(clock, '10:02');
    const back = await requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token, event: 'return', fuel: 'Penuh' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await outboxDrained(testApp);
    expect(telegram.chat.get(question.messageId)?.text).toBe(
      'Budi Santoso (PPTI 21) selesai jam 10:00. Sudah kembali?\n✅ Diambil 08:40 (peminjam)\n✅ Kembali 10:02 (peminjam)',
    );
    expect(buttons(telegram, question.messageId)).toEqual([]);
    expect(await press(testApp, telegram, `r:${ref}`, question.messageId)).toBe('Sudah tercatat kembali jam 10:02 oleh peminjam.');
    expect(await press(testApp, telegram, `f:${ref}:0`, question.messageId)).toBe('Sudah tercatat kembali jam 10:02 oleh peminjam.');
    expect(buttons(telegram, question.messageId)).toEqual([]);
    expect(telegram.delivered.filter((message) => message.text.startsWith('Berapa kilometer'))).toEqual([]);
  });
});

describe('messages follow every record', () => {
  it('an admin’s record and correction edit the messages; the owner’s press is told what stands', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock, {}, false);
    const [admin] = await seedRoster(testApp.db, [ADMIN, ...ROSTER]);
    if (!admin) throw new Error('no admin');
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    await book(testApp, { start: '09:00', end: '10:00' });
    const ref = await refOf(testApp, '09:00');
    const notice = await delivered(testApp, telegram, 'Peminjaman motor baru');
    moveTo(clock, '10:00');
    const question = await delivered(testApp, telegram, 'Budi Santoso (PPTI 21) selesai jam 10:00');
    moveTo(clock, '10:06');

    const recorded = await api.post(`/api/admin/bookings/${ref}/handover`, { event: 'return', date: TODAY, time: '10:05', fuel: 'Penuh' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    await outboxDrained(testApp);
    expect(telegram.chat.get(question.messageId)?.text).toBe(
      'Budi Santoso (PPTI 21) selesai jam 10:00. Sudah kembali?\n✅ Kembali 10:05 (admin Admin Uji)',
    );
    expect(buttons(telegram, question.messageId)).toEqual([]);
    expect(telegram.chat.get(notice.messageId)?.text).toBe(`${notice.text}\n✅ Kembali 10:05 (admin Admin Uji)`);

    const corrected = await api.post(`/api/admin/bookings/${ref}/handover`, { event: 'return', date: TODAY, time: '10:04' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    await outboxDrained(testApp);
    expect(telegram.chat.get(question.messageId)?.text).toBe(
      'Budi Santoso (PPTI 21) selesai jam 10:00. Sudah kembali?\n✅ Kembali 10:04 (admin Admin Uji)',
    );
    // The same instant again changes nothing shown: no edit is queued, so Telegram is not asked for one it would refuse.
    const edits = telegram.edits.length;
    expect((await api.post(`/api/admin/bookings/${ref}/handover`, { event: 'return', date: TODAY, time: '10:04' })).status).toBe(200);
    await outboxDrained(testApp);
    expect(telegram.edits.length).toBe(edits);

    expect(await press(testApp, telegram, `r:${ref}`, question.messageId)).toBe('Sudah tercatat kembali jam 10:04 oleh admin Admin Uji.');
    expect(telegram.delivered.filter((message) => message.text.startsWith('Berapa kilometer'))).toEqual([]);
  });
});

describe('the end question', () => {
  it('Sudah kembali records the return at once; the fuel buttons complete it, then the kilometres or Lewati', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock);
    await testApp.db.kysely.updateTable('motorbike').set({ last_km: 12_000 }).execute();
    await book(testApp, { start: '09:00', end: '10:00' });
    await book(testApp, { name: 'Rizky_Maulana', start: '10:30', end: '11:00' });
    const [refA, refB] = [await refOf(testApp, '09:00'), await refOf(testApp, '10:30')];
    moveTo(clock, '09:00');
    expect((await sayAndReply(testApp, telegram, '/ambil')).source).toBe('Budi Santoso (PPTI 21) tercatat mengambil motor jam 09:00.');

    moveTo(clock, '10:00');
    const question = await delivered(testApp, telegram, 'Budi Santoso (PPTI 21) selesai jam 10:00. Sudah kembali?');
    expect(question.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Sudah kembali', callback_data: `r:${refA}` }]] });
    expect(await press(testApp, telegram, `r:${refA}`, question.messageId)).toBe(
      'Motor dari Budi Santoso (PPTI 21) tercatat kembali jam 10:00.',
    );
    expect(await bookingRow(testApp, refA)).toMatchObject({
      returned_at: jakartaInstant(TODAY, '10:00').toISOString(),
      returned_by_kind: 'owner',
      fuel_back: null,
    });
    expect(buttons(telegram, question.messageId)).toEqual(FUEL_BUTTONS);
    expect(callbacks(telegram, question.messageId).slice(1)).toEqual([
      [`f:${refA}:0`, `f:${refA}:1`, `f:${refA}:2`],
      [`f:${refA}:3`, `f:${refA}:4`],
    ]);
    const km = await delivered(testApp, telegram, 'Berapa kilometer');
    expect(km.text).toBe('Berapa kilometer di odometer sekarang? Balas dengan angka.');
    expect(km.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Lewati', callback_data: `s:${refA}` }]] });

    moveTo(clock, '10:03');
    expect(await press(testApp, telegram, `f:${refA}:2`, question.messageId)).toBe('Bensin dicatat: 1/2.');
    expect(await bookingRow(testApp, refA)).toMatchObject({
      returned_at: jakartaInstant(TODAY, '10:00').toISOString(),
      fuel_back: '1/2',
      km_back: null,
    });
    expect(telegram.chat.get(question.messageId)?.text).toBe(
      'Budi Santoso (PPTI 21) selesai jam 10:00. Sudah kembali?\n✅ Diambil 09:00 (pemilik)\n✅ Kembali 10:00 (pemilik)',
    );
    expect(buttons(telegram, question.messageId)).toEqual([]);

    expect((await sayAndReply(testApp, telegram, '11999')).text).toBe('Kilometer tidak boleh lebih kecil dari 12.000 km');
    expect((await sayAndReply(testApp, telegram, '99999')).text).toBe('Kilometer terlalu jauh dari catatan terakhir (12.000 km).');
    expect((await bookingRow(testApp, refA)).km_back).toBeNull();
    expect((await sayAndReply(testApp, telegram, '12.345')).text).toBe('Kilometer dicatat: 12.345 km.');
    expect((await bookingRow(testApp, refA)).km_back).toBe(12_345);
    expect(telegram.chat.get(km.messageId)?.text).toBe(
      'Berapa kilometer di odometer sekarang? Balas dengan angka.\nKilometer dicatat: 12.345 km.',
    );
    expect(buttons(telegram, km.messageId)).toEqual([]);
    // Answered: a later number is plain talk.
    expect(await say(testApp, telegram, '20000')).toEqual([]);
    expect((await bookingRow(testApp, refA)).km_back).toBe(12_345);
    expect(await press(testApp, telegram, `f:${refA}:0`, question.messageId)).toBe('Sudah tercatat kembali jam 10:00 oleh pemilik.');
    expect((await bookingRow(testApp, refA)).fuel_back).toBe('1/2');

    // Never picked up, the second booking is asked at its end too; Lewati leaves the kilometres unknown.
    moveTo(clock, '11:00');
    const second = await delivered(testApp, telegram, 'Rizky_Maulana (PPTI 22) selesai jam 11:00. Sudah kembali?');
    expect(await press(testApp, telegram, `r:${refB}`, second.messageId)).toBe(
      'Motor dari Rizky_Maulana (PPTI 22) tercatat kembali jam 11:00.',
    );
    expect(await press(testApp, telegram, `f:${refB}:4`, second.messageId)).toBe('Bensin dicatat: Hampir habis.');
    const kmB = telegram.delivered.filter((message) => message.text.startsWith('Berapa kilometer')).at(-1);
    expect(kmB?.messageId).not.toBe(km.messageId);
    expect(await press(testApp, telegram, `s:${refB}`, kmB?.messageId ?? 0)).toBeUndefined();
    expect(telegram.chat.get(kmB?.messageId ?? 0)?.text).toBe(
      'Berapa kilometer di odometer sekarang? Balas dengan angka.\nKilometer dilewati.',
    );
    expect(buttons(telegram, kmB?.messageId ?? 0)).toEqual([]);
    expect(await say(testApp, telegram, '13000')).toEqual([]);
    expect(await bookingRow(testApp, refB)).toMatchObject({ fuel_back: 'Hampir habis', km_back: null, picked_up_at: null });
  });
});

describe('/ambil and /kembali', () => {
  it('act on the one booking due, or ask which with one button per booking', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock);
    expect((await sayAndReply(testApp, telegram, '/ambil')).text).toBe('Tidak ada motor yang bisa diambil sekarang.');
    expect((await sayAndReply(testApp, telegram, '/kembali')).text).toBe('Tidak ada motor yang sedang dipinjam.');
    await book(testApp, { start: '09:00', end: '09:20' });
    await book(testApp, { name: 'Rizky_Maulana', start: '09:30', end: '10:00' });
    const [refA, refB] = [await refOf(testApp, '09:00'), await refOf(testApp, '09:30')];
    moveTo(clock, '09:10');

    const choice = await sayAndReply(testApp, telegram, '/ambil');
    expect(choice.text).toBe('Peminjaman yang mana?');
    expect(buttons(telegram, choice.messageId)).toEqual([['Budi Santoso 09:00-09:20'], ['Rizky_Maulana 09:30-10:00']]);
    expect(callbacks(telegram, choice.messageId)).toEqual([[`p:${refA}`], [`p:${refB}`]]);
    expect(await press(testApp, telegram, `p:${refB}`, choice.messageId)).toBe('✅ Diambil 09:10 (pemilik)');
    expect(telegram.chat.get(choice.messageId)?.text).toBe('Peminjaman yang mana?\n✅ Diambil 09:10 (pemilik)');
    expect(buttons(telegram, choice.messageId)).toEqual([]);
    expect(await bookingRow(testApp, refB)).toMatchObject({
      picked_up_by_kind: 'owner',
      picked_up_at: jakartaInstant(TODAY, '09:10').toISOString(),
    });
    expect((await bookingRow(testApp, refA)).picked_up_at).toBeNull();

    // The one picked up and the one running without a recorded pickup.
    const which = await sayAndReply(testApp, telegram, '/kembali');
    expect(which.text).toBe('Peminjaman yang mana?');
    expect(callbacks(telegram, which.messageId)).toEqual([[`r:${refA}`], [`r:${refB}`]]);
    expect(await press(testApp, telegram, `r:${refA}`, which.messageId)).toBe(
      'Motor dari Budi Santoso (PPTI 21) tercatat kembali jam 09:10.',
    );
    expect(telegram.chat.get(which.messageId)?.text).toBe('Peminjaman yang mana?\n✅ Kembali 09:10 (pemilik)');
    expect(buttons(telegram, which.messageId)).toEqual(FUEL_BUTTONS);
    expect(await press(testApp, telegram, `f:${refA}:1`, which.messageId)).toBe('Bensin dicatat: 3/4.');
    expect(buttons(telegram, which.messageId)).toEqual([]);
    expect(await bookingRow(testApp, refA)).toMatchObject({ fuel_back: '3/4', returned_by_kind: 'owner' });

    moveTo(clock, '09:45');
    const answers = await say(testApp, telegram, '/kembali');
    const only = answers.find((message) => message.text.startsWith('Motor dari'));
    expect(only?.source).toBe('Motor dari Rizky\\_Maulana (PPTI 22) tercatat kembali jam 09:45.');
    expect(answers.map((message) => message.text)).toContain('Berapa kilometer di odometer sekarang? Balas dengan angka.');
    expect(await bookingRow(testApp, refB)).toMatchObject({ fuel_back: null, returned_at: jakartaInstant(TODAY, '09:45').toISOString() });
    expect(buttons(telegram, only?.messageId ?? 0)).toEqual(FUEL_BUTTONS);
    moveTo(clock, '09:50');
    expect(await press(testApp, telegram, `f:${refB}:0`, only?.messageId ?? 0)).toBe('Bensin dicatat: Penuh.');
    expect(await bookingRow(testApp, refB)).toMatchObject({
      fuel_back: 'Penuh',
      returned_at: jakartaInstant(TODAY, '09:45').toISOString(),
    });
    // A button naming another booking than its message's does nothing.
    expect(await press(testApp, telegram, `f:${refA}:0`, only?.messageId ?? 0)).toBeUndefined();
  });
});

describe('late and no-show', () => {
  it('the late message, /sekarang, the no-show question with Lepaskan (the slot is free) and Sudah diambil (at the start)', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock);
    await book(testApp, { start: '09:00', end: '10:00' });
    await book(testApp, { name: 'Rizky_Maulana', start: '11:00', end: '12:00' });
    await book(testApp, { name: 'Sari Dewi', start: '13:00', end: '14:00' });
    const [refA, refB, refC] = [await refOf(testApp, '09:00'), await refOf(testApp, '11:00'), await refOf(testApp, '13:00')];
    moveTo(clock, '09:00');
    await sayAndReply(testApp, telegram, '/ambil');

    moveTo(clock, '10:11');
    const late = await delivered(testApp, telegram, 'Budi Santoso belum mengembalikan');
    expect(late.text).toBe('Budi Santoso belum mengembalikan motor (terlambat 11 menit).');
    expect(late.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Sudah kembali', callback_data: `r:${refA}` }]] });
    // Late replaces the end question.
    expect(telegram.delivered.filter((message) => message.text.includes('selesai jam'))).toEqual([]);
    expect((await sayAndReply(testApp, telegram, '/sekarang')).text).toBe('Motor belum dikembalikan Budi Santoso (terlambat 11 menit).');
    expect(await press(testApp, telegram, `r:${refA}`, late.messageId)).toBe(
      'Motor dari Budi Santoso (PPTI 21) tercatat kembali jam 10:11.',
    );
    expect(await press(testApp, telegram, `f:${refA}:3`, late.messageId)).toBe('Bensin dicatat: 1/4.');
    expect(buttons(telegram, late.messageId)).toEqual([]);

    moveTo(clock, '11:30');
    const noShow = await delivered(testApp, telegram, 'Rizky_Maulana belum mengambil motor');
    expect(noShow.source).toBe('Rizky\\_Maulana belum mengambil motor. Lepaskan jadwal?');
    expect(noShow.replyMarkup).toEqual({
      inline_keyboard: [
        [
          { text: 'Lepaskan', callback_data: `l:${refB}` },
          { text: 'Sudah diambil', callback_data: `p:${refB}` },
        ],
      ],
    });
    expect(await press(testApp, telegram, `l:${refB}`, noShow.messageId)).toBe('✅ Dilepas 11:30 (pemilik)');
    expect(await bookingRow(testApp, refB)).toMatchObject({ released_by_kind: 'owner', end_time: '11:30' });
    expect(buttons(telegram, noShow.messageId)).toEqual([]);
    const day = (await listBookings(testApp.baseUrl, TODAY)).body.bookings as { start: string; end: string }[];
    expect(day.find((booking) => booking.start === '11:00')?.end).toBe('11:30');
    await book(testApp, { name: 'Tono', start: '11:30', end: '12:00' });
    expect(await press(testApp, telegram, `p:${refB}`, noShow.messageId)).toBe('Jadwal sudah dilepas jam 11:30 oleh pemilik.');

    moveTo(clock, '13:30');
    const second = await delivered(testApp, telegram, 'Sari Dewi belum mengambil motor');
    expect(await press(testApp, telegram, `p:${refC}`, second.messageId)).toBe('✅ Diambil 13:00 (pemilik)');
    expect(await bookingRow(testApp, refC)).toMatchObject({
      picked_up_at: jakartaInstant(TODAY, '13:00').toISOString(),
      picked_up_by_kind: 'owner',
      released_at: null,
    });
    expect(telegram.chat.get(second.messageId)?.text).toBe('Sari Dewi belum mengambil motor. Lepaskan jadwal?\n✅ Diambil 13:00 (pemilik)');
  });

  it('Sudah diambil after the bike came back late records the pickup at that return, not at the start', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await app(telegram, clock);
    await book(testApp, { start: '09:00', end: '10:00' });
    await book(testApp, { name: 'Rizky_Maulana', start: '10:00', end: '11:00' });
    const [refA, refB] = [await refOf(testApp, '09:00'), await refOf(testApp, '10:00')];
    moveTo(clock, '09:00');
    await sayAndReply(testApp, telegram, '/ambil');
    moveTo(clock, '10:11');
    const late = await delivered(testApp, telegram, 'Budi Santoso belum mengembalikan');
    moveTo(clock, '10:20');
    expect(await press(testApp, telegram, `r:${refA}`, late.messageId)).toBe(
      'Motor dari Budi Santoso (PPTI 21) tercatat kembali jam 10:20.',
    );
    moveTo(clock, '10:30');
    const noShow = await delivered(testApp, telegram, 'Rizky_Maulana belum mengambil motor');
    expect(await press(testApp, telegram, `p:${refB}`, noShow.messageId)).toBe('✅ Diambil 10:20 (pemilik)');
    expect(await bookingRow(testApp, refB)).toMatchObject({ picked_up_at: jakartaInstant(TODAY, '10:20').toISOString() });
  });

  it('are sent once by two instances on one database, and not again after a restart', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const one = await app(telegram, clock, { database });
    const two = await app(telegram, clock, { database }, false);
    await book(one, { start: '09:00', end: '10:00' });
    await book(two, { name: 'Rizky_Maulana', start: '10:30', end: '12:00' });
    // A notice still being sent when the clock jumps two hours would outlive its claim's lease on the
    // test clock, and the other instance would send it again: the jump waits for them.
    await outboxDrained(one);
    moveTo(clock, '09:00');
    await sayAndReply(one, telegram, '/ambil');

    moveTo(clock, '11:00');
    await delivered(one, telegram, 'Budi Santoso belum mengembalikan motor (terlambat 60 menit).');
    await delivered(one, telegram, 'Rizky_Maulana belum mengambil motor. Lepaskan jadwal?');
    const count = (start: string) => telegram.delivered.filter((message) => message.text.startsWith(start)).length;
    const rounds = async (testApp: TestApp) => {
      // Both schedulers look every 20 ms: a few of their rounds pass while the owner's command is handled.
      await say(testApp, telegram, '/bantuan');
      await say(testApp, telegram, '/bantuan');
    };
    await rounds(two);
    expect([count('Budi Santoso belum mengembalikan'), count('Rizky_Maulana belum mengambil')]).toEqual([1, 1]);

    await one.close();
    await two.close();
    clock.advance(60_000);
    const three = await app(telegram, clock, { database }, false);
    await rounds(three);
    expect([count('Budi Santoso belum mengembalikan'), count('Rizky_Maulana belum mengambil')]).toEqual([1, 1]);
    const keys = await three.db.kysely.selectFrom('outbox').select('dedupe_key').where('kind', '=', 'handover').execute();
    expect(keys.map((row) => row.dedupe_key?.split(':')[0]).sort()).toEqual(['late', 'noshow']);
  });
});
