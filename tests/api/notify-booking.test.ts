import { afterEach, describe, expect, it } from 'vitest';
import { bookingNoticeText } from '../../src/domain/chat/telegram-text';
import { addVoucher, type BookingBody, bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock, type TestClock } from '../helpers/clock';
import type { FakeTelegram } from '../helpers/fake-telegram';
import { firstOutboxRow, notifyFixtures, outboxRows } from '../helpers/outbox';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import type { TestApp, TestAppOptions } from '../helpers/test-app';
import { waitUntil } from '../helpers/wait-until';

const fixtures = notifyFixtures();
const { fake, app } = fixtures;
afterEach(() => fixtures.cleanup());

const ROSTER = [BUDI, RIZKY];

// The test clock starts at 08:00 in Jakarta on this day.
const TODAY = '2026-11-22';

/** A notifying app whose roster holds ROSTER. */
async function bookingApp(telegram: FakeTelegram, clock: TestClock, options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await app({ now: clock.now, telegram: telegram.telegram, ...options });
  await seedRoster(testApp.db, ROSTER);
  return testApp;
}

function book(testApp: TestApp, body: Partial<BookingBody>) {
  return postBooking(
    testApp.baseUrl,
    bookingBody({ date: TODAY, start: '09:00', end: '10:00', reason: 'Kuliah', needStnk: 'tidak', ...body }),
  );
}

describe('a booking and its notification', () => {
  it('sends the owner exactly the notice of the booking just made', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    const reply = await book(testApp, { start: '13:00', end: '15:30', reason: 'beli_nasi *goreng* [2]', needStnk: 'ya' });
    expect(reply.status).toBe(201);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    const text = bookingNoticeText({
      name: 'Budi Santoso',
      class: 'PPTI 21',
      date: TODAY,
      start: '13:00',
      end: '15:30',
      endDate: TODAY,
      reason: 'beli_nasi *goreng* [2]',
      needStnk: true,
      voucherCode: null,
    });
    const { ref } = await testApp.db.kysely.selectFrom('borrow_request').select('ref').executeTakeFirstOrThrow();
    expect(telegram.requests.map((request) => request.body)).toEqual([
      {
        chat_id: telegram.telegram.chatId,
        text,
        parse_mode: 'Markdown',
        link_preview_options: { is_disabled: true },
        reply_markup: { inline_keyboard: [[{ text: 'Batalkan', callback_data: `c:${ref}` }]] },
      },
    ]);
    expect(telegram.delivered[0]?.text).toContain('\nAlasan: beli_nasi *goreng* [2]\nButuh STNK: Ya\nVoucher: -');
  });

  it('keeps a reason with line breaks on its own line, so it cannot fake a line of the message', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    const reason = 'baris1\n*Butuh STNK:* Tidak\n\n*Voucher:* VCH-AAAAAA';
    const reply = await book(testApp, { reason, needStnk: 'ya' });
    expect(reply.status).toBe(201);
    expect(reply.body.booking.reason).toBe(reason);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    const shown = telegram.delivered[0]?.text ?? '';
    expect(shown.split('\n')).toHaveLength(8);
    expect(shown).toContain('\nAlasan: baris1 *Butuh STNK:* Tidak *Voucher:* VCH-AAAAAA\nButuh STNK: Ya\nVoucher: -');
  });

  it('names the voucher of an overnight voucher loan and says it ends the next day', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    await addVoucher(testApp.db, 'VCH-AB12CD');
    const reply = await book(testApp, { name: 'Rizky Maulana', start: '21:00', end: '22:00', reason: 'VCH-AB12CD' });
    expect(reply.status).toBe(201);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    expect(telegram.delivered[0]?.text).toContain(
      '\nJam: 21:00 - 03:00\nAlasan: VCH-AB12CD\nButuh STNK: Tidak\nVoucher: VCH-AB12CD (gratis, selesai besoknya, Senin, 23 November 2026 jam 03:00)',
    );
  });

  it('answers bookings while the Bot API hangs, and delivers them once it answers', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'hang' });
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock, { notifier: { requestTimeoutMs: 60_000 } });
    expect((await book(testApp, { start: '09:00', end: '10:00' })).status).toBe(201);
    await waitUntil('the hanging request', () => telegram.requests.length === 1);
    // The worker is stuck in the first send; the next booking still answers at once.
    expect((await book(testApp, { start: '10:00', end: '11:00' })).status).toBe(201);
    expect(telegram.delivered).toHaveLength(0);
    expect((await outboxRows(testApp)).map((row) => row.sent_at)).toEqual([null, null]);

    telegram.answer({ kind: 'ok' });
    await waitUntil('both deliveries', () => telegram.delivered.length === 2);
    expect(telegram.requests).toHaveLength(2);
  });

  it('answers a booking while the Bot API answers 500, and delivers after it recovers', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'error', status: 500, description: 'Internal Server Error' });
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    expect((await book(testApp, {})).status).toBe(201);
    await waitUntil('the failed try', async () => (await firstOutboxRow(testApp)).attempts === 1);
    telegram.answer({ kind: 'ok' });
    clock.advance(5000);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
  });

  it('answers a booking while the Bot API answers 429, and delivers after retry_after', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'error', status: 429, description: 'Too Many Requests: retry after 30', retryAfter: 30 });
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    expect((await book(testApp, {})).status).toBe(201);
    await waitUntil('the failed try', async () => (await firstOutboxRow(testApp)).attempts === 1);
    telegram.answer({ kind: 'ok' });
    clock.advance(30_000);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
  });

  it('sends no notice for a booking that fails its rules', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await bookingApp(telegram, clock);
    expect((await book(testApp, { start: '10:00', end: '09:00' })).status).toBe(422);
    expect((await book(testApp, { name: 'Tidak Ada' })).status).toBe(422);
    expect((await book(testApp, { start: '11:00', end: '12:00' })).status).toBe(201);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    expect(await outboxRows(testApp)).toHaveLength(1);
    expect(telegram.requests).toHaveLength(1);
  });

  it('two app instances on one database taking bookings send each notice once', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'ok', delayMs: 10 });
    const clock = createTestClock();
    const one = await bookingApp(telegram, clock);
    const two = await app({ now: clock.now, telegram: telegram.telegram, database: one.database });
    const days = Array.from({ length: 12 }, (_, index) => `2026-12-${String(index + 1).padStart(2, '0')}`);
    const replies = await Promise.all(days.map((date, index) => book(index % 2 === 0 ? one : two, { date })));
    expect(replies.map((reply) => reply.status)).toEqual(days.map(() => 201));
    await waitUntil('every delivery', async () => (await outboxRows(one)).every((row) => row.sent_at !== null));
    expect(telegram.requests).toHaveLength(days.length);
    expect(new Set(telegram.delivered.map((message) => message.text)).size).toBe(days.length);
  });
});
