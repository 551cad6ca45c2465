import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { enqueueToBookingChats } from '../../src/server/chat/notify';
import { bookOn, chatTexts, deviceSecret, linkChatTo } from '../helpers/borrower-chat';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { PRODUCTION_PACING, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';

describe(`the outbox towards borrowers' chats on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let testApp: TestApp;
  const clock = createTestClock();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {}, notifier: PRODUCTION_PACING });
    await seedRoster(testApp.db, [BUDI]);
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  const bookingId = async (ref: string) =>
    (await testApp.db.kysely.selectFrom('borrow_request').select('id').where('ref', '=', ref).executeTakeFirstOrThrow()).id;
  const enqueue = async (ref: string, key: string, text: string) =>
    enqueueToBookingChats(testApp.db.kysely, { id: await bookingId(ref) }, key, text, clock.now());

  it('enqueueToBookingChats writes nothing for a booking without a chat, and once per chat and key', async () => {
    const alone = await bookOn(testApp, DATE, '07:00', '08:00');
    expect(await enqueue(alone.ref, 'test-none', 'Tidak terkirim')).toBe(0);
    const linked = await bookOn(testApp, DATE, '08:00', '09:00');
    await linkChatTo(testApp, telegram, '5001', deviceSecret('i'), [linked.token]);
    await linkChatTo(testApp, telegram, '5002', deviceSecret('j'), [linked.token]);
    expect(await enqueue(linked.ref, 'test-once', 'Sekali saja')).toBe(2);
    expect(await enqueue(linked.ref, 'test-once', 'Sekali saja')).toBe(0);
    await waitUntil('both chats told', () => chatTexts(telegram, '5001').length === 2 && chatTexts(telegram, '5002').length === 2);
    expect(telegram.delivered.filter((message) => message.text === 'Tidak terkirim')).toEqual([]);
  });

  it('sends at most one message a second to a chat', async () => {
    const booking = await bookOn(testApp, DATE, '10:00', '11:00');
    await linkChatTo(testApp, telegram, '5003', deviceSecret('k'), [booking.token]);
    for (const n of [1, 2, 3]) await enqueue(booking.ref, `pace-${n}`, `Pesan ${n}`);
    await waitUntil('three messages', () => chatTexts(telegram, '5003').length === 4);
    const times = telegram.delivered.filter((message) => String(message.chatId) === '5003').map((message) => message.at);
    for (let i = 1; i < times.length; i += 1) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('after a 429 sends nothing to any chat until its retry_after has passed on the app clock', async () => {
    const booking = await bookOn(testApp, DATE, '12:00', '13:00');
    await linkChatTo(testApp, telegram, '5004', deviceSecret('l'), [booking.token]);
    const sent = telegram.delivered.length;
    telegram.answer({ kind: 'error', status: 429, description: 'Too Many Requests: retry after 30', retryAfter: 30 });
    await enqueue(booking.ref, 'flood', 'Setelah jeda');
    await waitUntil('the 429', async () => {
      const row = await testApp.db.kysely
        .selectFrom('outbox')
        .select('last_error')
        .where('dedupe_key', '=', 'flood@5004')
        .executeTakeFirst();
      return (row?.last_error ?? '').includes('429');
    });
    telegram.answer({ kind: 'ok' });
    telegram.pushUpdate(telegram.textUpdate('/jadwal', '5004'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(telegram.delivered.length).toBe(sent);
    clock.advance(30_000);
    await waitUntil('both sent after the wait', () => chatTexts(telegram, '5004').length === 3);
    expect(chatTexts(telegram, '5004')).toContain('Setelah jeda');
  });

  it('a chat that blocked the bot is unlinked at the first refusal, its other messages dropped, logged once', async () => {
    const booking = await bookOn(testApp, '2026-11-24', '14:00', '15:00');
    await linkChatTo(testApp, telegram, '5005', deviceSecret('m'), [booking.token]);
    telegram.blocked.add('5005');
    await enqueue(booking.ref, 'blocked-1', 'Satu');
    await enqueue(booking.ref, 'blocked-2', 'Dua');
    await waitUntil('the chat unlinked', async () => {
      const links = await testApp.db.kysely.selectFrom('borrower_chat').select('chat_id').where('chat_id', '=', '5005').execute();
      return links.length === 0;
    });
    await waitUntil('both given up', async () => {
      const rows = await testApp.db.kysely
        .selectFrom('outbox')
        .select('given_up_at')
        .where('chat_id', '=', '5005')
        .where('sent_at', 'is', null)
        .execute();
      return rows.length === 2 && rows.every((row) => row.given_up_at !== null);
    });
    expect(testApp.logs.filter((line) => line.includes('blocked the bot: unlinked'))).toHaveLength(1);
    expect(await enqueue(booking.ref, 'blocked-3', 'Tiga')).toBe(0);
    expect(chatTexts(telegram, '5005')).toEqual([borrowerChatMessages.linked('Budi Santoso')]);
  });
});
