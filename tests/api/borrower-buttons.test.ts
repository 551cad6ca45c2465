import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUEL_LEVELS } from '../../src/domain/handover/handover';
import { messages } from '../../src/domain/text/messages';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, pressIn } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';

describe(`the buttons on a borrower's messages on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let testApp: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {} });
    await seedRoster(testApp.db, [BUDI, RIZKY]);
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  const messageIn = (chatId: string, text: string) => messageIdIn(telegram, chatId, text);
  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));
  const press = (data: string, messageId: number, chatId: string) => pressIn(telegram, testApp, { data, messageId, chatId });
  const row = (ref: string) => testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  it('Batalkan asks first, Tidak puts the buttons back, Ya cancels; a press from another chat does nothing', async () => {
    const budi = await bookOn(testApp, DATE, '09:00', '10:00');
    const rizky = await bookOn(testApp, DATE, '15:00', '16:00', 'Rizky Maulana');
    await linkChatTo(testApp, telegram, '6001', deviceSecret('n'), [budi.token]);
    await linkChatTo(testApp, telegram, '6002', deviceSecret('o'), [rizky.token]);
    at('08:00');
    const text = 'Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.';
    await waitUntil('the reminder', () => chatTexts(telegram, '6001').includes(text));
    const id = messageIn('6001', text);
    expect(buttons(id)).toEqual([['Saya sudah ambil motor'], ['Batalkan']]);

    expect(await press(`bp:${budi.ref}`, id, '6002')).toBeUndefined();
    expect(await press(`by:${budi.ref}`, id, '6001')).toBeUndefined();
    expect((await row(budi.ref)).picked_up_at).toBeNull();
    expect((await row(budi.ref)).cancelled_at).toBeNull();

    await press(`bc:${budi.ref}`, id, '6001');
    await waitUntil('the question', () => buttons(id).length === 2 && buttons(id)[0]?.[0] === 'Yakin batalkan?');
    await press(`bn:${budi.ref}`, id, '6001');
    await waitUntil('the buttons back', () => buttons(id)[0]?.[0] === 'Saya sudah ambil motor');
    await press(`bc:${budi.ref}`, id, '6001');
    await waitUntil('the question again', () => buttons(id)[0]?.[0] === 'Yakin batalkan?');
    expect(await press(`by:${budi.ref}`, id, '6001')).toBe(messages.bookingCancelled);
    expect((await row(budi.ref)).cancelled_by_kind).toBe('borrower');
    await waitUntil('no buttons left', () => buttons(id).length === 0);
  });

  it('Saya sudah ambil motor records the pickup; Saya sudah kembalikan motor records the return, then asks the fuel', async () => {
    const loan = await bookOn(testApp, DATE, '11:00', '12:00');
    await linkChatTo(testApp, telegram, '6003', deviceSecret('p'), [loan.token]);
    at('10:00');
    const start = 'Pengingat: peminjaman motor kamu hari ini jam 11:00-12:00.';
    await waitUntil('the reminder', () => chatTexts(telegram, '6003').includes(start));
    at('10:55');
    expect(await press(`bp:${loan.ref}`, messageIn('6003', start), '6003')).toMatch(/^✅ /);
    expect((await row(loan.ref)).picked_up_by_kind).toBe('borrower');

    at('11:45');
    const end = 'Waktunya kembalikan motor jam 12:00.';
    await waitUntil('the end reminder', () => chatTexts(telegram, '6003').includes(end));
    const id = messageIn('6003', end);
    expect(buttons(id)).toEqual([['Saya sudah kembalikan motor']]);
    expect(await press(`br:${loan.ref}`, id, '6003')).toMatch(/^✅ /);
    await waitUntil('the fuel question', () => buttons(id)[0]?.[0] === 'Sisa bensin?');
    expect(await press(`bf:${loan.ref}:0`, id, '6003')).toBe(`Bensin dicatat: ${FUEL_LEVELS[0]}.`);
    expect(await row(loan.ref)).toMatchObject({ returned_by_kind: 'borrower', fuel_back: FUEL_LEVELS[0] });
  });
});
