import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, pressIn } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';

describe(`the loan's seams after the lifecycle (issue 38) on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let testApp: TestApp;
  let admin: User;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    testApp = await startTestApp({ now: () => new Date(now), telegram: telegram.telegram, bot: {} });
    [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI])) as [User];
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));
  const press = (data: string, messageId: number, chatId: string) => pressIn(telegram, testApp, { data, messageId, chatId });
  const row = (ref: string) => testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const charge = async (ref: string) => {
    const booking = await row(ref);
    return testApp.db.kysely.selectFrom('charge').selectAll().where('booking_id', '=', booking.id).executeTakeFirst();
  };

  it('Saya sudah kembalikan motor records the return at the press; the fuel at 12:20 completes it and charges nothing', async () => {
    const loan = await bookOn(testApp, DATE, '11:00', '12:00');
    await linkChatTo(testApp, telegram, '7001', deviceSecret('q'), [loan.token]);
    at('10:55');
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: loan.token, event: 'pickup', fuel: 'Penuh' },
    });
    expect(pickup.status).toBe(200);
    at('11:50');
    const end = 'Waktunya kembalikan motor jam 12:00.';
    await waitUntil('the end reminder', () => chatTexts(telegram, '7001').includes(end));
    const id = messageIdIn(telegram, '7001', end);

    at('12:02');
    expect(await press(`br:${loan.ref}`, id, '7001')).toMatch(/^✅ /);
    const returned = await row(loan.ref);
    expect(returned.returned_by_kind).toBe('borrower');
    expect(new Date(returned.returned_at ?? '').toISOString()).toBe(jakartaInstant(DATE, '12:02').toISOString());
    expect(returned.fuel_back).toBeNull();
    await waitUntil('the fuel question', () => buttons(id)[0]?.[0] === 'Sisa bensin?');

    at('12:20');
    expect(await press(`bf:${loan.ref}:4`, id, '7001')).toBe('Bensin dicatat: Hampir habis.');
    const completed = await row(loan.ref);
    expect(completed.returned_at).toBe(returned.returned_at);
    expect(completed.fuel_back).not.toBeNull();
    expect(await charge(loan.ref)).toMatchObject({ amount: 0 });
    await waitUntil('no buttons left', () => buttons(id).length === 0);
    // Hampir habis told with the fuel question reaches the owner as a return's would (issue 38).
    const ownerNote = 'Catatan dari Budi Santoso: Bensin Hampir habis';
    await waitUntil('the owner told', () => chatTexts(telegram, telegram.telegram.chatId).includes(ownerNote));
    expect(await press(`bf:${loan.ref}:0`, id, '7001')).toBe('Peminjaman ini sudah selesai.');
    expect((await row(loan.ref)).fuel_back).toBe(completed.fuel_back);
  });

  it('Ya on a loan picked up before its start answers the lifecycle refusal, not "already cancelled"', async () => {
    const loan = await bookOn(testApp, DATE, '15:00', '16:00');
    await linkChatTo(testApp, telegram, '7002', deviceSecret('r'), [loan.token]);
    at('14:00');
    const start = 'Pengingat: peminjaman motor kamu hari ini jam 15:00-16:00.';
    await waitUntil('the reminder', () => chatTexts(telegram, '7002').includes(start));
    const id = messageIdIn(telegram, '7002', start);
    at('14:40');
    await press(`bc:${loan.ref}`, id, '7002');
    await waitUntil('the question', () => buttons(id)[0]?.[0] === 'Yakin batalkan?');
    at('14:41');
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: loan.token, event: 'pickup', fuel: 'Penuh' },
    });
    expect(pickup.status).toBe(200);
    at('14:42');
    expect(await press(`by:${loan.ref}`, id, '7002')).toBe('Peminjaman yang sudah diambil tidak bisa dibatalkan.');
    expect((await row(loan.ref)).cancelled_at).toBeNull();
  });

  it('a loan picked up before its start reads started on /batal, not upcoming with Batalkan', async () => {
    const loan = await bookOn(testApp, DATE, '18:00', '19:00');
    const status = async () =>
      (await requestJson(testApp.baseUrl, '/api/bookings/by-token', { method: 'POST', body: { token: loan.token } })).body.booking.status;
    at('17:35');
    expect(await status()).toBe('upcoming');
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: loan.token, event: 'pickup', fuel: 'Penuh' },
    });
    expect(pickup.status).toBe(200);
    expect(await status()).toBe('started');
  });

  it("the borrower's start reminder says where the key is and links the owner's WhatsApp", async () => {
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    expect((await api.put('/api/admin/motor/key', { keyPlace: 'Pos satpam gedung_B', ownerContact: '0812-3456 7890' })).status).toBe(200);
    const loan = await bookOn(testApp, DATE, '21:00', '22:00', ADMIN.name);
    await linkChatTo(testApp, telegram, '7003', deviceSecret('t'), [loan.token]);
    at('20:00');
    const start = [
      'Pengingat: peminjaman motor kamu hari ini jam 21:00-22:00.',
      'Tempat ambil kunci: Pos satpam gedung_B',
      'Kontak pemilik: +6281234567890 (WhatsApp https://wa.me/6281234567890)',
    ].join('\n');
    await waitUntil('the reminder with the key', () => chatTexts(telegram, '7003').includes(start));
    const sent = telegram.delivered.find((message) => String(message.chatId) === '7003' && message.text === start);
    expect(sent?.source).toContain('gedung\\_B');
  });
});
