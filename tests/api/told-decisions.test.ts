import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfServiceMessages } from '../../src/domain/out-of-service/out-of-service-messages';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, outboxSent, pressIn } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-25';
const DAY = 'Rabu, 25 November 2026';
const APP_URL = 'https://motor.example.org';

describe(`every decision told to the borrower it touches, in the chat and on the card, on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let app: TestApp;
  let admin: User;
  let now = jakartaInstant('2026-11-24', '08:00').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };
  const api = async () => adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    app = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {}, config: { appUrl: APP_URL } });
    [admin] = (await seedRoster(app.db, [ADMIN, BUDI, RIZKY, SITI])) as [User];
  });
  afterAll(async () => {
    await app.close();
    await telegram.close();
  });

  const card = async (token: string) =>
    (await requestJson(app.baseUrl, '/api/bookings/by-tokens', { method: 'POST', body: { tokens: [token] } })).body.bookings[0];
  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));
  const told = (chatId: string, text: string) => waitUntil(`"${text}" in ${chatId}`, () => chatTexts(telegram, chatId).includes(text));

  it('a release is told by the booked time; Biarkan names the booking, and /siap says it stands and clears the card', async () => {
    const budi = await bookOn(app, DATE, '08:00', '09:00');
    const rizky = await bookOn(app, DATE, '13:00', '14:00', 'Rizky Maulana');
    await linkChatTo(app, telegram, '7001', deviceSecret('q'), [budi.token]);
    await linkChatTo(app, telegram, '7002', deviceSecret('r'), [rizky.token]);

    at('08:40');
    const released = await (await api()).post(`/api/admin/bookings/${budi.ref}/handover`, { event: 'release', date: DATE, time: '08:40' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const releasedText = `Peminjamanmu ${DAY} 08:00-09:00 dilepas karena motor tidak diambil.`;
    await told('7001', releasedText);
    expect((await card(budi.token)).notice).toEqual({ text: releasedText });

    const period = { fromDate: DATE, fromTime: '08:45', untilDate: null, untilTime: null, reason: 'Ban_bocor' };
    expect((await (await api()).post('/api/admin/out-of-service', { period, decision: 'keep' })).status).toBe(201);
    const kept = `Motor mungkin belum bisa dipakai untuk peminjamanmu ${DAY} 13:00-14:00: Ban_bocor.`;
    await told('7002', kept);
    expect((await card(rizky.token)).notice).toEqual({ text: kept });

    at('10:00');
    const ready = `Motor sudah siap, jadwalmu ${DAY} 13:00-14:00 tetap.`;
    telegram.pushUpdate(telegram.textUpdate('/siap'));
    await told('7002', ready);
    expect((await card(rizky.token)).notice).toBeUndefined();
    await outboxSent(app);
    expect(chatTexts(telegram, '7002').filter((text) => text === ready)).toHaveLength(1);
  });

  it('cancelled for the workshop: offered again with Pesan lagi once the bike is back and the time is free, told only that it is back otherwise', async () => {
    const siti = await bookOn(app, DATE, '15:00', '16:00', 'Siti Rahmawati');
    const budi = await bookOn(app, DATE, '17:00', '18:00');
    await linkChatTo(app, telegram, '7003', deviceSecret('s'), [siti.token]);
    await linkChatTo(app, telegram, '7004', deviceSecret('t'), [budi.token]);
    at('11:00');
    const period = { fromDate: DATE, fromTime: '14:30', untilDate: DATE, untilTime: '18:30', reason: 'Servis' };
    const created = await (await api()).post('/api/admin/out-of-service', { period, decision: 'cancel' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await card(siti.token)).status).toBe('cancelled');
    // While the bike is out, nothing is offered.
    expect((await card(siti.token)).notice).toBeUndefined();

    // Shortened, the period frees Budi's time, which is taken again before the bike is back; Siti's stays free.
    const { ref } = created.body.period;
    const change = { untilDate: DATE, untilTime: '16:30', reason: 'Servis' };
    expect((await (await api()).put(`/api/admin/out-of-service/${ref}`, { change, decision: 'keep' })).status).toBe(200);
    await bookOn(app, DATE, '17:00', '18:00', 'Rizky Maulana');
    expect((await (await api()).post(`/api/admin/out-of-service/${ref}/end`)).status).toBe(200);
    const offer = `Motor sudah siap dan jadwal ${DAY} 15:00-16:00 masih kosong. Pesan lagi`;
    // A chat hears at most one message a second on the app clock.
    clock.advance(5_000);
    await told('7003', offer);
    const [sent] = telegram.delivered.filter((message) => message.text === offer);
    expect(sent?.entities).toEqual([
      {
        type: 'text_link',
        offset: offer.length - 'Pesan lagi'.length,
        length: 10,
        url: `${APP_URL}/form?tanggal=${DATE}&mulai=15:00&selesai=16:00`,
      },
    ]);
    await told('7004', outOfServiceMessages.backInService);
    expect(chatTexts(telegram, '7004').some((text) => text.startsWith('Motor sudah siap dan jadwal'))).toBe(false);
    expect((await card(siti.token)).notice).toEqual({
      text: 'Motor sudah siap dan jadwal ini masih kosong.',
      link: { label: 'Pesan lagi', href: `/form?tanggal=${DATE}&mulai=15:00&selesai=16:00` },
    });
    expect((await card(budi.token)).notice).toBeUndefined();
  });

  it("a loan's end takes its buttons away in every chat; a stale press answers plainly and records nothing", async () => {
    const loan = await bookOn(app, '2026-11-26', '09:00', '10:00');
    await linkChatTo(app, telegram, '7005', deviceSecret('u'), [loan.token]);
    await linkChatTo(app, telegram, '7006', deviceSecret('v'), [loan.token]);
    now = jakartaInstant('2026-11-26', '08:00').getTime();
    const reminder = 'Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.';
    await told('7005', reminder);
    await told('7006', reminder);
    const ids = ['7005', '7006'].map((chatId) => messageIdIn(telegram, chatId, reminder));
    expect(buttons(ids[0] ?? 0)).toEqual([['Saya sudah ambil motor'], ['Batalkan']]);

    const cancelled = await (await api()).post(`/api/admin/bookings/${loan.ref}/cancel`, { reason: 'Dipakai dosen' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await waitUntil('the buttons gone in both chats', () => ids.every((id) => buttons(id).length === 0));
    expect(await pressIn(telegram, app, { data: `bp:${loan.ref}`, messageId: ids[1] ?? 0, chatId: '7006' })).toBe(
      'Peminjaman ini sudah selesai.',
    );
    const row = await app.db.kysely
      .selectFrom('borrow_request')
      .select('picked_up_at')
      .where('ref', '=', loan.ref)
      .executeTakeFirstOrThrow();
    expect(row.picked_up_at).toBeNull();
  });
});
