import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceMessages } from '../../src/domain/chat/device-messages';
import { findBookingChats } from '../../src/server/chat/repository';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, outboxSent } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

describe(`device secrets and linked chats under attack on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let database: TestDatabase;
  let app: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    database = await createTestDatabase();
    app = await startTestApp({ now: () => new Date(now), database, telegram: telegram.telegram, bot: {} });
    await seedRoster(app.db, [BUDI, RIZKY]);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await telegram.close();
  });

  const askCode = (device: string, tokens: string[]) =>
    requestJson(app.baseUrl, '/api/telegram/link', { body: { deviceSecret: device, tokens } });
  const codeRows = async () => (await app.db.kysely.selectFrom('borrower_link_code').select('code_hash').execute()).length;

  it("refuses a cancelled booking's secret, and an ended one's, writing no code", async () => {
    const cancelled = await bookOn(app, '2026-11-23', '08:00', '09:00');
    expect((await requestJson(app.baseUrl, '/api/bookings/cancel', { body: { token: cancelled.token } })).status).toBe(200);
    const before = await codeRows();
    const refused = await askCode(deviceSecret('a'), [cancelled.token]);
    expect(refused.status).toBe(404);
    expect(await codeRows()).toBe(before);

    const today = await bookOn(app, '2026-11-22', '09:00', '10:00');
    expect((await askCode(deviceSecret('b'), [today.token])).status).toBe(200);
    now = jakartaInstant('2026-11-22', '10:00').getTime();
    expect((await askCode(deviceSecret('c'), [today.token])).status).toBe(404);
    expect(
      (await requestJson(app.baseUrl, '/api/telegram/device-bookings', { body: { deviceSecret: deviceSecret('b'), token: today.token } }))
        .status,
    ).toBe(404);
  });

  it('links one secret to at most three devices; those keep asking', async () => {
    const booking = await bookOn(app, '2026-11-24', '08:00', '09:00');
    for (const seed of ['d', 'e', 'f']) expect((await askCode(deviceSecret(seed), [booking.token])).status).toBe(200);
    expect((await askCode(deviceSecret('g'), [booking.token])).status).toBe(404);
    expect((await askCode(deviceSecret('d'), [booking.token])).status).toBe(200);
  });

  it('tells the chats already linked when another is linked, counts them, and Putuskan semua Telegram unlinks all with a new secret', async () => {
    const booking = await bookOn(app, '2026-11-25', '08:00', '09:00', 'Rizky Maulana');
    const device = deviceSecret('h');
    await linkChatTo(app, telegram, '9001', device, [booking.token]);
    await linkChatTo(app, telegram, '9002', device, [booking.token]);
    await waitUntil('the first chat told', () => chatTexts(telegram, '9001').includes(deviceMessages.otherChatLinked));
    expect(chatTexts(telegram, '9002')).not.toContain(deviceMessages.otherChatLinked);
    const chats = (secret: string) => requestJson(app.baseUrl, '/api/telegram/device', { body: { deviceSecret: secret } });
    expect((await chats(device)).body).toEqual({ chats: 2 });
    expect((await chats(deviceSecret('z'))).body).toEqual({ chats: 0 });

    const unlinked = await requestJson(app.baseUrl, '/api/telegram/unlink-all', { body: { deviceSecret: device } });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.message).toBe(deviceMessages.unlinkedAll);
    const renewed = unlinked.body.deviceSecret as string;
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed).not.toBe(device);
    const row = await app.db.kysely.selectFrom('borrow_request').select('id').where('ref', '=', booking.ref).executeTakeFirstOrThrow();
    expect(await findBookingChats(app.db.kysely, row.id)).toEqual([]);
    expect((await chats(renewed)).body).toEqual({ chats: 0 });
    expect((await requestJson(app.baseUrl, '/api/telegram/unlink-all', { body: { deviceSecret: device } })).status).toBe(404);
    // The device keeps working with its new secret: a new link, one chat, the old ones told nothing more.
    await outboxSent(app);
    const toldBefore = chatTexts(telegram, '9001').length;
    await linkChatTo(app, telegram, '9003', renewed, [booking.token]);
    expect((await chats(renewed)).body).toEqual({ chats: 1 });
    await outboxSent(app);
    expect(chatTexts(telegram, '9001')).toHaveLength(toldBefore);
  });

  it('limits link codes to 20 an hour per address, answered 429 with Retry-After', async () => {
    const [event] = await app.db.kysely.selectFrom('address_events').select('ip').where('kind', '=', 'link-code').execute();
    const given = await app.db.kysely.selectFrom('address_events').select('id').where('kind', '=', 'link-code').execute();
    const at = new Date(now).toISOString();
    const more = Array.from({ length: 20 - given.length }, () => ({ kind: 'link-code', ip: event?.ip ?? '', at }));
    await app.db.kysely.insertInto('address_events').values(more).execute();
    const booking = await bookOn(app, '2026-11-26', '08:00', '09:00');
    const limited = await askCode(deviceSecret('k'), [booking.token]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
