import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerFreedSpans } from '../../src/server/waiting-list/rounds';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, deviceSecret, linkChatTo } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const DATE = '2026-11-23';

describe(`a waiting-list offer is stamped no earlier than the cancel that freed it, on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let app: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    // The round is run by hand below: the app's own would stamp the offer with a fresh clock anyway.
    app = await startTestApp({
      now: () => new Date(now),
      telegram: telegram.telegram,
      bot: {},
      buildOptions: { borrowerRoundIntervalMs: 24 * 3_600_000 },
    });
    await seedRoster(app.db, [BUDI, { name: 'Sari Dewi', class: 'PPTI 21' }]);
  });
  afterAll(async () => {
    await app.close();
    await telegram.close();
  });

  it('a round that read its clock before the cancel stamps the offer with the instant it held the lock', async () => {
    const budi = await bookOn(app, DATE, '10:00', '12:00');
    const device = deviceSecret('w');
    const own = await bookOn(app, '2026-11-28', '09:00', '10:00', 'Sari Dewi');
    await linkChatTo(app, telegram, '7101', device, [own.token]);
    const waited = await requestJson(app.baseUrl, '/api/waits', {
      body: { deviceSecret: device, name: 'Sari Dewi', date: DATE, start: '10:00', end: '12:00', reason: 'Ke kampus' },
    });
    expect(waited.status, JSON.stringify(waited.body)).toBe(201);

    const roundStarted = new Date(now);
    now += 5 * 60_000;
    const cancelledAt = new Date(now);
    expect((await requestJson(app.baseUrl, '/api/bookings/cancel', { body: { token: budi.token } })).status).toBe(200);

    const clock = { now: roundStarted, readNow: () => new Date(now), timeZone: 'Asia/Jakarta', graceMinutes: 10 };
    expect(await offerFreedSpans(app.db, clock)).toBe(1);
    const offer = await app.db.kysely.selectFrom('slot_offer').selectAll().executeTakeFirstOrThrow();
    expect(new Date(offer.offered_at).getTime()).toBe(cancelledAt.getTime());
    expect(new Date(offer.hold_until).getTime()).toBeGreaterThan(cancelledAt.getTime());
  });
});
