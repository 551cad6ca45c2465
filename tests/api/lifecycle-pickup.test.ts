import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, pressIn } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';
const ENDED = 'Waktu peminjaman ini sudah lewat.';

describe(`a pickup after the booked end on ${TEST_ENGINE}`, () => {
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
    await seedRoster(testApp.db, [BUDI, RIZKY, SITI]);
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  const row = (ref: string) => testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const pickup = (token: string) => requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token, event: 'pickup' } });

  it('the old reminder’s Saya sudah ambil motor, pressed after the end, answers the refusal and records nothing', async () => {
    const loan = await bookOn(testApp, DATE, '11:00', '12:00');
    await linkChatTo(testApp, telegram, '7001', deviceSecret('q'), [loan.token]);
    at('10:00');
    const reminder = 'Pengingat: peminjaman motor kamu hari ini jam 11:00-12:00.';
    await waitUntil('the reminder', () => chatTexts(telegram, '7001').includes(reminder));
    at('12:00');
    expect(
      await pressIn(telegram, testApp, { data: `bp:${loan.ref}`, messageId: messageIdIn(telegram, '7001', reminder), chatId: '7001' }),
    ).toBe(ENDED);
    at('09:00');
    now += 2 * 24 * 60 * 60_000;
    expect(
      await pressIn(telegram, testApp, { data: `bp:${loan.ref}`, messageId: messageIdIn(telegram, '7001', reminder), chatId: '7001' }),
    ).toBe(ENDED);
    expect(await row(loan.ref)).toMatchObject({ picked_up_at: null, returned_at: null });
  });

  it('by the booking’s secret: open until the minute before the booked end, refused from the end', async () => {
    at('08:00');
    const late = await bookOn(testApp, DATE, '13:00', '14:00', 'Rizky Maulana');
    const onTime = await bookOn(testApp, DATE, '14:00', '15:00', 'Siti Rahmawati');
    at('14:00');
    const refused = await pickup(late.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ENDED);
    expect((await row(late.ref)).picked_up_at).toBeNull();
    at('14:59');
    expect((await pickup(onTime.token)).status).toBe(200);
    expect((await row(onTime.ref)).picked_up_at).toBe(jakartaInstant(DATE, '14:59').toISOString());
  });
});
