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
const ROSTER = [BUDI, { name: 'Sari Dewi', class: 'PPTI 21' }, { name: 'Tono', class: 'PPTI 21' }];

describe(`/bengkel and /siap in the owner's chat on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let clock: TestClock;
  let testApp: TestApp;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    clock = createTestClock(jakartaInstant(TODAY, '07:00').toISOString());
    testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {} });
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
    return reply.body.cancelToken as string;
  }
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

  it('/bengkel lists the bookings it hits with Batalkan semua and Biarkan; Batalkan semua cancels them and tells the owner the count once', async () => {
    moveTo(TODAY, '07:00');
    const first = await book({ name: 'Budi Santoso', start: '09:00', end: '10:00' });
    const second = await book({ name: 'Sari Dewi', start: '11:00', end: '12:00' });
    expect((await say('/bengkel')).map((message) => message.text)).toEqual(['Tulis alasannya: /bengkel Ban bocor']);

    moveTo(TODAY, '08:00');
    const [answer, ...more] = await say('/bengkel Ban bocor');
    expect(more).toEqual([]);
    expect(answer?.text).toBe(
      [
        'Dicatat: motor tidak tersedia (Ban bocor) mulai sekarang. /siap kalau sudah bisa dipakai lagi.',
        'Peminjaman yang kena:',
        'Minggu, 22 November 2026 09:00 - 10:00 Budi Santoso (PPTI 21)',
        'Minggu, 22 November 2026 11:00 - 12:00 Sari Dewi (PPTI 21)',
      ].join('\n'),
    );
    const messageId = answer?.messageId ?? 0;
    const [[cancelAll, keep]] = buttons(messageId) as [[string, string][]];
    expect([cancelAll?.[0], keep?.[0]]).toEqual(['Batalkan semua', 'Biarkan']);
    // Until a button decides, the bookings stand and new ones are refused.
    expect((await card(first)).status).not.toBe('cancelled');
    const refused = await postBooking(testApp.baseUrl, bookingBody({ name: 'Tono', date: TODAY, start: '14:00', end: '15:00' }));
    expect(refused.body.errors.start).toBe('Motor tidak tersedia (Ban bocor).');
    expect((await say('/bengkel Servis')).map((message) => message.text)).toEqual([
      'Motor sudah tercatat tidak tersedia (Ban bocor). /siap kalau sudah bisa dipakai lagi.',
    ]);
    expect((await say('/sekarang')).map((message) => message.text)).toEqual(['Motor tidak tersedia (Ban bocor).']);

    const before = telegram.delivered.length;
    expect(await press(cancelAll?.[1] ?? '', messageId)).toBe('2 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).');
    expect(telegram.delivered.slice(before).map((message) => message.text)).toEqual([
      '2 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).',
    ]);
    expect(buttons(messageId)).toEqual([]);
    for (const token of [first, second]) {
      expect(await card(token)).toMatchObject({
        status: 'cancelled',
        cancellation: { by: 'pemilik (Telegram)', reason: 'Motor tidak tersedia: Ban bocor' },
      });
    }
    // A second press (a double tap, or Biarkan after) changes nothing.
    expect(await press(keep?.[1] ?? '', messageId)).toBe('Sudah diputuskan.');
  });

  it('/siap ends it now: the time is free at once, and the period is claimed once for the borrowers it cancelled', async () => {
    moveTo(TODAY, '09:30');
    expect((await say('/siap')).map((message) => message.text)).toEqual(['Dicatat: motor sudah siap dipakai lagi.']);
    await book({ name: 'Tono', start: '10:00', end: '11:00' });
    expect((await say('/siap')).map((message) => message.text)).toEqual(['Motor tidak sedang tercatat tidak tersedia.']);
    const told = await findBookingsToTellBack(testApp.db.kysely, await endClaimed());
    expect(told.map((booking) => booking.name)).toEqual(['Budi Santoso', 'Sari Dewi']);
    const audit = await testApp.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('action', 'like', 'out-of-service%')
      .execute();
    expect(audit).toEqual([{ action: 'out-of-service-ended', actor_name: 'pemilik (Telegram)' }]);
  });

  it('Biarkan leaves the bookings and warns them on their card; a button from another message counts for nothing', async () => {
    moveTo(TODAY, '12:00');
    const token = await book({ name: 'Sari Dewi', start: '16:00', end: '17:00' });
    const [answer] = await say('/bengkel Servis rutin');
    const messageId = answer?.messageId ?? 0;
    const [[cancelAll, keep]] = buttons(messageId) as [[string, string][]];
    const [other] = await say('/jadwal');
    expect(await press(cancelAll?.[1] ?? '', other?.messageId ?? 0)).toBeUndefined();
    expect((await card(token)).status).not.toBe('cancelled');

    expect(await press(keep?.[1] ?? '', messageId)).toBe('1 peminjam diberi tahu motor mungkin belum bisa dipakai (Servis rutin).');
    expect(await card(token)).toMatchObject({ cancellation: null, outOfServiceWarning: 'Motor mungkin belum bisa dipakai: Servis rutin.' });
    // Nobody was cancelled by this one: no borrower is told it is back.
    await say('/siap');
    expect(await findBookingsToTellBack(testApp.db.kysely, await endClaimed())).toEqual([]);
  });
});
