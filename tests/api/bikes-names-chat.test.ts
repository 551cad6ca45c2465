import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addBike } from '../helpers/bikes';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { chatTexts, deviceSecret, linkChatTo, outboxSent } from '../helpers/borrower-chat';
import { type FakePush, startFakePush } from '../helpers/fake-push';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';
const texts = borrowerChatMessages;

describe(`a borrower's messages name the bike when two are active, ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let push: FakePush;
  let testApp: TestApp;
  let admin: User;
  let now = jakartaInstant('2026-11-22', '08:00');

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    push = await startFakePush();
    testApp = await startTestApp({
      now: () => now,
      telegram: telegram.telegram,
      bot: {},
      buildOptions: { push: { pollIntervalMs: 20, requestTimeoutMs: 2000 } },
    });
    [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, SITI, RIZKY])) as [User];
    await addBike(testApp.db, { id: 2, name: 'Vario_merah' });
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
    await push.close();
  });

  async function book(body: Record<string, unknown>): Promise<{ token: string; ref: string }> {
    const reply = await postBooking(testApp.baseUrl, { ...bookingBody({ date: DATE, needStnk: 'tidak' }), ...body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', DATE)
      .where('start_time', '=', String(body.start))
      .where('motorbike_id', '=', reply.body.booking.motor.id)
      .executeTakeFirstOrThrow();
    return { token: reply.body.cancelToken, ref: row.ref ?? '' };
  }

  async function expectChat(chatId: string, expected: string[]): Promise<void> {
    await waitUntil(`${expected.length} messages in ${chatId}`, () => chatTexts(telegram, chatId).length >= expected.length);
    await outboxSent(testApp);
    expect(chatTexts(telegram, chatId)).toEqual(expected);
  }

  it('reminders, the late notice and a cancellation end with `Motor: {name}`, /saya names each bike, a late bike warns only its own next borrower', async () => {
    const budi = await book({ name: BUDI.name, start: '09:00', end: '10:00' });
    const siti = await book({ name: SITI.name, start: '09:00', end: '10:00' });
    const rizky = await book({ name: RIZKY.name, start: '10:30', end: '11:30', motorId: 2 });
    await linkChatTo(testApp, telegram, '5001', deviceSecret('m'), [budi.token]);
    await linkChatTo(testApp, telegram, '5002', deviceSecret('n'), [siti.token]);
    const subscribed = await requestJson(testApp.baseUrl, '/api/push/subscriptions', {
      body: { deviceSecret: deviceSecret('n'), tokens: [siti.token], subscription: push.subscription('siti') },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    await linkChatTo(testApp, telegram, '5003', deviceSecret('p'), [rizky.token]);
    telegram.pushUpdate(telegram.textUpdate('/saya', '5003'));
    await waitUntil('the answer to /saya', () => chatTexts(telegram, '5003').length === 2);
    expect(chatTexts(telegram, '5003')[1]).toBe(
      `${texts.mineTitle}\nSenin, 23 November 2026 10:30-11:30 (Rizky Maulana) · Motor: Vario_merah`,
    );
    const budiChat = [texts.linked(BUDI.name)];
    const sitiChat = [texts.linked(SITI.name)];

    now = jakartaInstant(DATE, '08:00');
    budiChat.push('Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.\nMotor: Motor PPTI 21');
    sitiChat.push('Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.\nMotor: Vario_merah');
    await expectChat('5001', budiChat);
    await expectChat('5002', sitiChat);

    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    const cancelled = await api.post(`/api/admin/bookings/${siti.ref}/cancel`, { reason: 'Ban bocor' });
    expect(cancelled.status).toBe(200);
    sitiChat.push(
      'Peminjaman kamu Senin, 23 November 2026 jam 09:00-10:00 dibatalkan oleh admin Admin Uji: Ban bocor.\nMotor: Vario_merah',
    );
    await expectChat('5002', sitiChat);
    // The phone's push says the same, escapes undone.
    expect(push.texts('siti')).toEqual(sitiChat.slice(1));

    now = jakartaInstant(DATE, '09:00');
    expect((await requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token: budi.token, event: 'pickup' } })).status).toBe(
      200,
    );
    now = jakartaInstant(DATE, '09:45');
    budiChat.push('Waktunya kembalikan motor jam 10:00.\nMotor: Motor PPTI 21');
    await expectChat('5001', budiChat);
    now = jakartaInstant(DATE, '10:15');
    budiChat.push('Kamu terlambat mengembalikan motor.\nTerlambat 15 menit · denda sejauh ini Rp10.000\nMotor: Motor PPTI 21');
    await expectChat('5001', budiChat);
    // Rizky's bike is Vario_merah, which is not out: Budi's late bike is no news to him.
    expect(chatTexts(telegram, '5003').filter((text) => text.startsWith(texts.bikeLate))).toEqual([]);
  });
});
