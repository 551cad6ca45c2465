import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBookingsToTellBack } from '../../src/server/out-of-service/service';
import { type BookingBody, bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type DeliveredMessage, type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const ROSTER = [
  BUDI,
  { name: 'Sari Dewi', class: 'PPTI 21' },
  { name: 'Tono', class: 'PPTI 21' },
  { name: 'Gita Permata', class: 'PPTI 21' },
];

describe(`/bengkel and /siap in the owner's chat on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let clock: TestClock;
  let testApp: TestApp;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    clock = createTestClock(jakartaInstant(TODAY, '07:00').toISOString());
    testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: { digestTime: '06:00' } });
    await seedRoster(testApp.db, ROSTER);
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  const moveTo = (date: string, time: string) => clock.advance(jakartaInstant(date, time).getTime() - clock.now().getTime());
  async function book(body: Partial<BookingBody>) {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: TODAY, reason: 'Kuliah', needStnk: 'tidak', ...body }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    tokens.set(body.name ?? '', reply.body.cancelToken as string);
    return reply.body.cancelToken as string;
  }
  const latestTokenOf = async (name: string) => tokens.get(name) ?? '';
  const tokens = new Map<string, string>();
  const card = async (token: string) =>
    (await requestJson(testApp.baseUrl, '/api/bookings/by-tokens', { method: 'POST', body: { tokens: [token] } })).body.bookings[0];
  async function drained() {
    await waitUntil('the outbox drained', async () => {
      const rows = await testApp.db.kysely.selectFrom('outbox').select(['sent_at', 'given_up_at']).execute();
      return rows.every((row) => row.sent_at !== null || row.given_up_at !== null);
    });
  }
  async function deliver(update: Record<string, unknown>) {
    const id = telegram.pushUpdate(update);
    await waitUntil(`update ${id} handled`, async () => {
      const row = await testApp.db.kysely.selectFrom('telegram_bot').select('last_update_id').executeTakeFirstOrThrow();
      return Number(row.last_update_id) >= id;
    });
    await drained();
  }
  /** The borrowers' round claims a period's end once (and tells those it cancelled): the newest period's id once claimed. */
  async function endClaimed(): Promise<number> {
    let id = 0;
    await waitUntil("the period's end claimed", async () => {
      const row = await testApp.db.kysely
        .selectFrom('out_of_service')
        .select(['id', 'back_claimed_at'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      id = row.id;
      return row.back_claimed_at !== null;
    });
    return id;
  }

  async function say(text: string): Promise<DeliveredMessage[]> {
    await drained();
    const before = telegram.delivered.length;
    await deliver(telegram.textUpdate(text));
    return telegram.delivered.slice(before);
  }
  async function press(data: string, messageId: number) {
    const before = telegram.answers.length;
    await deliver(telegram.callbackUpdate(data, messageId));
    await waitUntil('the press answered', () => telegram.answers.length > before);
    await drained();
    return telegram.answers[before]?.text;
  }
  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) =>
      row.map((button) => [button.text, button.callback_data]),
    );

  const texts = (messages: DeliveredMessage[]) => messages.map((message) => message.text);
  const buttonData = (messageId: number, text: string) =>
    buttons(messageId)
      .flat()
      .find(([label]) => label === text)?.[1] ?? '';

  it('/bengkel asks until when; `1 jam` lists only the bookings in that hour, each with Batalkan / Biarkan', async () => {
    moveTo(TODAY, '07:00');
    const inside = await book({ name: 'Budi Santoso', start: '08:30', end: '09:00' });
    const later = await book({ name: 'Sari Dewi', start: '09:30', end: '10:30' });
    const tomorrow = await book({ name: 'Tono', date: TOMORROW, start: '08:30', end: '09:00' });
    expect(texts(await say('/bengkel'))).toEqual(['Tulis alasannya: /bengkel Ban bocor']);
    // An invisible override would reorder the reason in every chat and screen (issue 40).
    expect(texts(await say('/bengkel Ban \u202Ebocor'))).toEqual(['Alasan berisi karakter yang tidak diizinkan']);

    moveTo(TODAY, '08:00');
    const [answer, ...more] = await say('/bengkel Ban bocor');
    expect(more).toEqual([]);
    expect(answer?.text).toBe('Dicatat: motor tidak tersedia (Ban bocor) mulai sekarang. Sampai kapan?');
    const messageId = answer?.messageId ?? 0;
    expect(buttons(messageId).map((row) => row.map(([label]) => label))).toEqual([
      ['1 jam', '3 jam'],
      ['Sampai malam ini', 'Belum tahu'],
    ]);
    // Until the owner answers, the bookings stand and new ones are refused.
    expect((await card(inside)).status).not.toBe('cancelled');
    const refused = await postBooking(testApp.baseUrl, bookingBody({ name: 'Gita Permata', date: TODAY, start: '14:00', end: '15:00' }));
    expect(refused.body.errors.start).toBe('Motor tidak tersedia (Ban bocor).');
    expect(texts(await say('/bengkel Servis'))).toEqual([
      'Motor sudah tercatat tidak tersedia (Ban bocor). /siap kalau sudah bisa dipakai lagi.',
    ]);

    const threeHours = buttonData(messageId, '3 jam');
    expect(await press(buttonData(messageId, '1 jam'), messageId)).toBe(
      'Motor tidak tersedia (Ban bocor) sampai Minggu, 22 November 2026 jam 09:00.',
    );
    expect(telegram.chat.get(messageId)?.text).toBe(
      [
        'Motor tidak tersedia (Ban bocor) sampai Minggu, 22 November 2026 jam 09:00.',
        'Peminjaman yang kena:',
        'Minggu, 22 November 2026 08:30 - 09:00 Budi Santoso (PPTI 21)',
        'Pilih untuk tiap peminjaman: Batalkan atau Biarkan.',
      ].join('\n'),
    );
    expect(buttons(messageId).map((row) => row.map(([label]) => label))).toEqual([
      ['08:30-09:00 Budi Santoso'],
      ['Batalkan', 'Biarkan'],
      ['Batalkan semua'],
    ]);
    // A second answer changes nothing; the time after the hour is free again.
    expect(await press(threeHours, messageId)).toBe('Sudah dipilih.');
    await book({ name: 'Gita Permata', start: '09:00', end: '09:30' });

    expect(await press(buttonData(messageId, 'Batalkan'), messageId)).toBe(
      'Dibatalkan: Minggu, 22 November 2026 08:30 - 09:00 Budi Santoso (PPTI 21)',
    );
    expect(buttons(messageId)).toEqual([]);
    expect(await card(inside)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'pemilik (Telegram)', reason: 'Motor tidak tersedia: Ban bocor' },
    });
    for (const token of [later, tomorrow]) expect((await card(token)).status).not.toBe('cancelled');
  });

  it('/siap ends it now: the time is free at once, and the period is claimed once for the borrowers it cancelled', async () => {
    moveTo(TODAY, '08:40');
    expect(texts(await say('/siap'))).toEqual(['Dicatat: motor sudah siap dipakai lagi.']);
    expect(texts(await say('/siap'))).toEqual(['Motor tidak sedang tercatat tidak tersedia.']);
    const told = await findBookingsToTellBack(testApp.db.kysely, await endClaimed());
    expect(told.map((booking) => booking.name)).toEqual(['Budi Santoso']);
    const audit = await testApp.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('action', 'like', 'out-of-service%')
      .execute();
    expect(audit).toEqual([{ action: 'out-of-service-ended', actor_name: 'pemilik (Telegram)' }]);
  });

  it("`Sampai malam ini` lists today's bookings, not tomorrow's nor a loan picked up; Biarkan one, Batalkan semua the rest", async () => {
    moveTo(TODAY, '09:00');
    await book({ name: 'Tono', start: '11:00', end: '11:30' });
    const kept = await book({ name: 'Gita Permata', start: '16:00', end: '17:00' });
    const cancelled = await book({ name: 'Budi Santoso', start: '19:00', end: '20:00' });
    moveTo(TODAY, '10:45');
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: await latestTokenOf('Tono'), event: 'pickup', fuel: 'Penuh' },
    });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);

    const [answer] = await say('/bengkel Servis rutin');
    const messageId = answer?.messageId ?? 0;
    const [other] = await say('/jadwal');
    expect(await press(buttonData(messageId, 'Sampai malam ini'), other?.messageId ?? 0)).toBeUndefined();
    expect(await press(buttonData(messageId, 'Sampai malam ini'), messageId)).toBe(
      'Motor tidak tersedia (Servis rutin) sampai Senin, 23 November 2026 jam 00:00.',
    );
    expect(buttons(messageId).map((row) => row.map(([label]) => label))).toEqual([
      ['16:00-17:00 Gita Permata'],
      ['Batalkan', 'Biarkan'],
      ['19:00-20:00 Budi Santoso'],
      ['Batalkan', 'Biarkan'],
      ['Batalkan semua'],
    ]);
    const keepGita = buttons(messageId)[1]?.[1]?.[1] ?? '';
    expect(await press(keepGita, messageId)).toBe('Dibiarkan: Minggu, 22 November 2026 16:00 - 17:00 Gita Permata (PPTI 21)');
    expect(await press(keepGita, messageId)).toBe('Peminjaman ini sudah diputuskan.');
    expect(buttons(messageId).map((row) => row.map(([label]) => label))).toEqual([
      ['19:00-20:00 Budi Santoso'],
      ['Batalkan', 'Biarkan'],
      ['Batalkan semua'],
    ]);
    expect(await press(buttonData(messageId, 'Batalkan semua'), messageId)).toBe(
      '1 peminjaman dibatalkan karena motor tidak tersedia (Servis rutin).',
    );
    expect(buttons(messageId)).toEqual([]);
    expect((await card(cancelled)).status).toBe('cancelled');
    expect(await card(kept)).toMatchObject({ cancellation: null });
    expect((await card(await latestTokenOf('Tono'))).status).not.toBe('cancelled');
    await say('/siap');
  });

  it('`Belum tahu` runs to the end of today; the next morning asks whether the bike is still out, and `Masih` asks again', async () => {
    moveTo(TODAY, '20:00');
    const [answer] = await say('/bengkel Rantai putus');
    const messageId = answer?.messageId ?? 0;
    expect(await press(buttonData(messageId, 'Belum tahu'), messageId)).toBe(
      'Motor tidak tersedia (Rantai putus) sampai Senin, 23 November 2026 jam 00:00.',
    );
    expect(telegram.chat.get(messageId)?.text).toBe(
      ['Motor tidak tersedia (Rantai putus) sampai Senin, 23 November 2026 jam 00:00.', 'Tidak ada peminjaman yang kena.'].join('\n'),
    );
    moveTo(TOMORROW, '06:00');
    let question: DeliveredMessage | undefined;
    await waitUntil('the morning question', async () => {
      question = telegram.delivered.find((message) => message.text === 'Motor masih tidak tersedia (Rantai putus)?');
      return question !== undefined;
    });
    const asked = question?.messageId ?? 0;
    expect(buttons(asked).map((row) => row.map(([label]) => label))).toEqual([['Masih', 'Sudah siap']]);
    const before = telegram.delivered.length;
    const still = buttonData(asked, 'Masih');
    expect(await press(still, asked)).toBe('Dicatat: motor tidak tersedia (Rantai putus) mulai sekarang. Sampai kapan?');
    const again = telegram.delivered.slice(before);
    expect(texts(again)).toEqual(['Dicatat: motor tidak tersedia (Rantai putus) mulai sekarang. Sampai kapan?']);
    expect(
      buttons(again[0]?.messageId ?? 0)
        .flat()
        .map(([label]) => label),
    ).toEqual(['1 jam', '3 jam', 'Sampai malam ini', 'Belum tahu']);
    expect(buttons(asked)).toEqual([]);
    expect(await press(still, asked)).toBe('Sudah diputuskan.');
  });
});
