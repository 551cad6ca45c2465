import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo } from '../helpers/borrower-chat';
import type { TestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';
const texts = borrowerChatMessages;

/** A clock both instances read, moved to a wall-clock time on DATE in Jakarta. */
function sharedClock(): TestClock & { at(time: string): void } {
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms), at: (time) => (now = jakartaInstant(DATE, time).getTime()) };
}

describe(`a linked borrower's reminders and notices on ${TEST_ENGINE}, two instances and a restart`, () => {
  let telegram: FakeTelegram;
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  const clock = sharedClock();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    database = await createTestDatabase();
    first = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    second = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    await seedRoster(first.db, [BUDI, RIZKY]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
    await telegram.close();
  });

  const handover = (token: string, body: Record<string, unknown>) =>
    requestJson(first.baseUrl, '/api/bookings/handover', { body: { token, ...body } });

  // The clock jumps past the outbox's send lease: each step waits until every row is marked sent.
  async function expectChat(chatId: string, expected: string[]): Promise<void> {
    await waitUntil(`${expected.length} messages in ${chatId}`, () => chatTexts(telegram, chatId).length >= expected.length);
    await waitUntil('the outbox sent', async () => {
      const unsent = await first.db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
      return unsent.length === 0;
    });
    expect(chatTexts(telegram, chatId)).toEqual(expected);
  }

  it('reminds before the start and the end, tells the late loan and the next borrower, then the charge, each once', async () => {
    const budi = await bookOn(first, DATE, '09:00', '10:00');
    const rizky = await bookOn(first, DATE, '10:30', '11:30', 'Rizky Maulana');
    await bookOn(first, DATE, '14:00', '15:00');
    await linkChatTo(first, telegram, '4001', deviceSecret('g'), [budi.token]);
    await linkChatTo(second, telegram, '4002', deviceSecret('h'), [rizky.token]);
    const budiChat = [texts.linked('Budi Santoso')];
    const rizkyChat = [texts.linked('Rizky Maulana')];

    clock.at('08:00');
    budiChat.push('Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.');
    await expectChat('4001', budiChat);

    clock.at('09:00');
    expect((await handover(budi.token, { event: 'pickup' })).status).toBe(200);
    // A restart between two reminders sends neither again.
    await second.app.close();
    second = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    clock.at('09:45');
    budiChat.push('Waktunya kembalikan motor jam 10:00.');
    rizkyChat.push('Pengingat: peminjaman motor kamu hari ini jam 10:30-11:30.');
    await expectChat('4001', budiChat);
    await expectChat('4002', rizkyChat);

    clock.at('10:15');
    budiChat.push('Kamu terlambat mengembalikan motor.\nTerlambat 15 menit · denda sejauh ini Rp10.000');
    rizkyChat.push(texts.bikeLate);
    await expectChat('4001', budiChat);
    await expectChat('4002', rizkyChat);

    clock.at('10:20');
    // Cara bayar (issue 39) stands under the charge in the chat as on the card.
    await first.db.kysely
      .insertInto('fund_how_to_pay')
      .values({ id: 1, treasurer: 'Siti Rahmawati', account: 'BCA 123_456', updated_at: clock.now().toISOString(), updated_by: 'Admin' })
      .execute();
    expect((await handover(budi.token, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    budiChat.push(
      'Biaya peminjaman kamu: Rp10.000 (Denda terlambat 1 jam Rp10.000). Bayar ke bendahara kas kelas ya.\nCara bayar: BCA 123_456 a.n. Siti Rahmawati',
    );
    await expectChat('4001', budiChat);

    // Every instance has looked many times since: still one message of each; the 14:00 booking made
    // from a device never linked is due its reminder, and no chat hears of it. Rizky's booking ended
    // without a pickup: its reminder's buttons go, once.
    clock.at('13:05');
    await waitUntil("the ended booking's buttons gone", async () => {
      const gone = await first.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'borrower-keyboard')
        .where('dedupe_key', 'like', 'buttons-gone:%@4002')
        .execute();
      return gone.length === 1;
    });
    const rounds = (await first.db.kysely.selectFrom('outbox').select('id').execute()).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await first.db.kysely.selectFrom('outbox').select('id').execute()).length).toBe(rounds);
    expect(chatTexts(telegram, '4001')).toEqual(budiChat);
    expect(chatTexts(telegram, '4002')).toEqual(rizkyChat);
  });
});
