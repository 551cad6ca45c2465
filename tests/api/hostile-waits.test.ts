import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingListMessages } from '../../src/domain/waiting-list/waiting-list-messages';
import type { User } from '../../src/server/roster/repository';
import { cleanUpWaitsAndLinks } from '../../src/server/waiting-list/jobs';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, outboxSent } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const texts = waitingListMessages;
const ROSTER = [
  ADMIN,
  BUDI,
  RIZKY,
  { name: 'Sari Dewi', class: 'PPTI 21' },
  { name: 'Dewi Lestari', class: 'PPTI 21' },
  { name: 'Joko Widodo', class: 'PPTI 22' },
  { name: 'Eka Putri', class: 'PPTI 23' },
];

describe(`one person cannot hold the bike hostage through the waiting list on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let database: TestDatabase;
  let app: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  let admin: User;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    database = await createTestDatabase();
    app = await startTestApp({ now: () => new Date(now), database, telegram: telegram.telegram, bot: {} });
    [admin] = (await seedRoster(app.db, ROSTER)) as [User];
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await telegram.close();
  });

  const wait = (device: string, body: Record<string, unknown>) =>
    requestJson(app.baseUrl, '/api/waits', {
      body: { deviceSecret: device, name: 'Sari Dewi', start: '00:00', end: '23:59', reason: 'Ke kampus', ...body },
    });
  const offersIn = (chatId: string) =>
    chatTexts(telegram, chatId).filter((text) => /kosong, ditahan untukmu sampai jam \d\d:\d\d\.$/.test(text));
  async function linkedDevice(seed: string, chatId: string, name: string, date: string): Promise<string> {
    const device = deviceSecret(seed);
    const own = await bookOn(app, date, '06:00', '07:00', name);
    await linkChatTo(app, telegram, chatId, device, [own.token]);
    return device;
  }
  const cancel = async (token: string) =>
    expect((await requestJson(app.baseUrl, '/api/bookings/cancel', { body: { token } })).status).toBe(200);

  it('refuses three waits for 00:00–23:59 on three free days, and those days stay bookable by anyone', async () => {
    const device = await linkedDevice('a', '8001', 'Sari Dewi', '2026-12-01');
    for (const date of ['2026-11-24', '2026-11-25', '2026-11-26']) {
      const reply = await wait(device, { date });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(reply.body.errors).toEqual({ start: texts.stillFree });
    }
    expect(await app.db.kysely.selectFrom('slot_wait').select('id').execute()).toEqual([]);
    for (const date of ['2026-11-24', '2026-11-25', '2026-11-26']) {
      expect((await postBooking(app.baseUrl, bookingBody({ name: 'Budi Santoso', date, start: '09:00', end: '11:00' }))).status).toBe(201);
    }
  });

  it('offers a whole-day wait only the hours taken when asked, once freed; the rest of the day stays bookable', async () => {
    const date = '2026-11-27';
    const budi = await bookOn(app, date, '10:00', '12:00');
    const device = await linkedDevice('b', '8002', 'Dewi Lestari', '2026-12-02');
    expect((await wait(device, { date, name: 'Dewi Lestari' })).status).toBe(201);
    await cancel(budi.token);
    await waitUntil('the offer of the freed hours', () => offersIn('8002').length === 1);
    expect(offersIn('8002')).toEqual(['Slot Jumat, 27 November 2026 jam 10:00-12:00 kosong, ditahan untukmu sampai jam 08:15.']);
    expect((await postBooking(app.baseUrl, bookingBody({ date, start: '13:00', end: '15:00' }))).status).toBe(201);
    expect((await postBooking(app.baseUrl, bookingBody({ date, start: '08:00', end: '10:00' }))).status).toBe(201);
  });

  it('shows the admin every hold and wait, and Akhiri tawaran ends a hold at once, audited', async () => {
    const api = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
    const date = '2026-11-27';
    const listed = await api.get('/api/admin/waits');
    expect(listed.status).toBe(200);
    expect(listed.body.waits).toEqual([
      { ref: expect.any(String), name: 'Dewi Lestari', date, start: '10:00', end: '12:00', heldUntil: '08:15' },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('"id"');
    const held = await postBooking(app.baseUrl, bookingBody({ date, start: '10:00', end: '11:00' }));
    expect(held.status).toBe(422);
    const [{ ref }] = listed.body.waits;
    expect((await requestJson(app.baseUrl, `/api/admin/waits/${ref}/end`, { method: 'POST' })).status).toBe(401);
    const ended = await api.post(`/api/admin/waits/${ref}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: 'Tawaran diakhiri.' });
    expect((await api.post(`/api/admin/waits/${ref}/end`)).status).toBe(404);
    expect((await api.get('/api/admin/waits')).body.waits).toEqual([]);
    expect((await postBooking(app.baseUrl, bookingBody({ date, name: 'Eka Putri', start: '10:00', end: '11:00' }))).status).toBe(201);
    const [entry] = (await api.get('/api/admin/audit')).body.entries;
    expect(entry).toMatchObject({
      who: 'Admin Uji',
      action: 'wait-ended',
      target: `Dewi Lestari, ${date} 10:00-12:00`,
      detail: 'Ditahan',
    });
  });

  it('counts offers still held: a fourth wait after three offers is refused, per chat and per name', async () => {
    const days = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-03'];
    const taken = [];
    for (const date of days) taken.push(await bookOn(app, date, '14:00', '16:00', 'Rizky Maulana'));
    const device = await linkedDevice('c', '8003', 'Joko Widodo', '2026-12-04');
    for (const date of days.slice(0, 3)) expect((await wait(device, { date, name: 'Joko Widodo' })).status).toBe(201);
    for (const booking of taken.slice(0, 3)) await cancel(booking.token);
    await waitUntil('three offers', () => offersIn('8003').length === 3);
    const held = await app.db.kysely.selectFrom('slot_offer').select('id').where('ended_at', 'is', null).execute();
    expect(held.length).toBeGreaterThanOrEqual(3);
    const fourth = await wait(device, { date: days[3], name: 'Joko Widodo' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.errors).toEqual({ date: 'Kamu sudah menunggu 3 slot.' });
    expect((await wait(device, { date: days[3], name: 'Eka Putri' })).body.errors).toEqual({ date: 'Kamu sudah menunggu 3 slot.' });
    // The same name from another device and chat is counted too.
    const other = await linkedDevice('d', '8004', 'Eka Putri', '2026-12-05');
    expect((await wait(other, { date: days[3], name: 'Joko Widodo' })).body.errors).toEqual({ date: 'Kamu sudah menunggu 3 slot.' });
    expect((await wait(other, { date: days[3], name: 'Eka Putri' })).status).toBe(201);
    // Once the holds pass, the offers no longer count.
    await outboxSent(app);
    now += 16 * 60_000;
    await waitUntil('the holds passed', async () => {
      const open = await app.db.kysely.selectFrom('slot_offer').select('id').where('ended_at', 'is', null).execute();
      return open.length === 0;
    });
    expect((await wait(device, { date: days[3], name: 'Joko Widodo' })).status).toBe(201);
  });

  it('limits the waits of one address to 20 an hour, answered 429 with Retry-After', async () => {
    const [event] = await app.db.kysely.selectFrom('address_events').select(['ip', 'at']).where('kind', '=', 'wait').execute();
    const ip = event?.ip ?? '';
    const at = new Date(now).toISOString();
    const count = await app.db.kysely.selectFrom('address_events').select('id').where('kind', '=', 'wait').execute();
    const more = Array.from({ length: 20 - count.length }, () => ({ kind: 'wait', ip, at }));
    await app.db.kysely.insertInto('address_events').values(more).execute();
    const device = deviceSecret('b');
    const limited = await wait(device, { date: '2026-11-30', name: 'Dewi Lestari' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the daily clean-up deletes ended waits and their offers, expired link codes and devices left with nothing', async () => {
    await outboxSent(app);
    const count = async (table: 'slot_wait' | 'slot_offer' | 'borrower_link_code' | 'borrower_device') =>
      (
        await app.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    await app.db.kysely
      .insertInto('borrower_device')
      .values({ secret_hash: 'f'.repeat(64), created_at: new Date(now).toISOString() })
      .execute();
    const ended = await app.db.kysely.selectFrom('slot_wait').select('id').where('ended_at', 'is not', null).execute();
    expect(ended.length).toBeGreaterThan(0);
    const before = { waits: Number(await count('slot_wait')), devices: Number(await count('borrower_device')) };
    now += 2 * 24 * 60 * 60_000;
    const deleted = await cleanUpWaitsAndLinks(app.db, new Date(now));
    expect(deleted.codes).toBeGreaterThan(0);
    expect(Number(await count('borrower_link_code'))).toBe(0);
    expect(deleted.waits).toBe(ended.length);
    expect(Number(await count('slot_wait'))).toBe(before.waits - ended.length);
    // Devices with a linked chat stay; the one with none goes.
    expect(deleted.devices).toBe(1);
    expect(Number(await count('borrower_device'))).toBe(before.devices - 1);
  });
});
