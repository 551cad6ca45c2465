import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addBike, bikesOfBookings } from '../helpers/bikes';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { chatTexts, deviceSecret, linkChatTo, messageIdIn, outboxSent, pressIn } from '../helpers/borrower-chat';
import { type FakePush, startFakePush } from '../helpers/fake-push';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, manyStudents, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const BEAT = { id: 1, name: 'Motor PPTI 21' };
const VARIO = { id: 2, name: 'Vario merah' };
const HELD = 'Slot ini sedang ditawarkan ke peminjam lain sampai jam 08:15.';
const STILL_FREE = { start: 'Jam itu masih kosong, langsung pesan saja.' };
const UNAVAILABLE = { motorId: 'Motor ini tidak menerima peminjaman. Pilih motor lain atau Motor mana saja.' };
const offerOf = (day: string, span: string, bike: string) =>
  `Slot ${day} jam ${span} kosong, ditahan untukmu sampai jam 08:15.\nMotor: ${bike}`;
const takenOf = (name: string, day: string, span: string, bike: string) =>
  `Berhasil! Motor dipesan untuk ${name} ${day} jam ${span}.\nMotor: ${bike}`;

describe(`the waiting list per bike on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let push: FakePush;
  let database: TestDatabase;
  let app: TestApp;
  let admin: User;
  const now = () => jakartaInstant('2026-11-22', '08:00');

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    push = await startFakePush();
    database = await createTestDatabase();
    app = await startTestApp({
      now,
      database,
      telegram: telegram.telegram,
      bot: {},
      buildOptions: { borrowerRoundIntervalMs: 20, push: { pollIntervalMs: 20, requestTimeoutMs: 2000 } },
    });
    [admin] = (await seedRoster(app.db, [ADMIN, ...manyStudents('Siswa', 12)])) as [User];
    await addBike(app.db, { ...VARIO, plate: 'B 1234 XY' });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await push.close();
    await telegram.close();
  });

  const book = async (name: string, date: string, span: [string, string], motorId?: number) => {
    const body = { ...bookingBody({ name, date, start: span[0], end: span[1], needStnk: 'tidak' }), ...(motorId && { motorId }) };
    const reply = await postBooking(app.baseUrl, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.cancelToken as string;
  };
  const cancel = async (token: string) =>
    expect((await requestJson(app.baseUrl, '/api/bookings/cancel', { body: { token } })).status).toBe(200);
  const wait = (device: string, body: Record<string, unknown>) =>
    requestJson(app.baseUrl, '/api/waits', { body: { deviceSecret: device, start: '10:00', end: '12:00', reason: 'Ke kampus', ...body } });
  const created = async (device: string, body: Record<string, unknown>) => {
    const reply = await wait(device, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.wait;
  };
  const refused = async (device: string, body: Record<string, unknown>) => {
    const reply = await wait(device, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    return reply.body.errors;
  };
  let linkHour = 6;
  /** A device linked to `chatId` through a booking of `name` on a date nobody waits for, an hour of its own. */
  async function linkedDevice(seed: string, chatId: string, name: string): Promise<string> {
    const device = deviceSecret(seed);
    const hour = String(linkHour++).padStart(2, '0');
    const token = await book(name, '2026-12-05', [`${hour}:00`, `${hour}:30`]);
    await linkChatTo(app, telegram, chatId, device, [token]);
    return device;
  }
  const offersIn = (chatId: string) => chatTexts(telegram, chatId).filter((text) => text.includes('kosong, ditahan untukmu'));
  const press = (chatId: string, offer: string) => {
    const messageId = messageIdIn(telegram, chatId, offer);
    const data = telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard?.[0]?.[0]?.callback_data ?? '';
    return pressIn(telegram, app, { data, messageId, chatId });
  };

  it('offers a wait for a bike only when that bike frees, a Motor mana saja wait the first bike that frees, each naming it', async () => {
    const date = '2026-11-23';
    const day = 'Senin, 23 November 2026';
    const onBeat = await book('Siswa 1', date, ['10:00', '12:00'], 1);
    const onVario = await book('Siswa 2', date, ['10:00', '12:00'], 2);
    const sari = await linkedDevice('s', '8001', 'Siswa 3');
    const dewi = await linkedDevice('d', '8002', 'Siswa 4');
    expect(await created(sari, { name: 'Siswa 3', date, motorId: 2 })).toEqual({
      name: 'Siswa 3',
      date,
      start: '10:00',
      end: '12:00',
      motor: VARIO,
    });
    expect((await created(dewi, { name: 'Siswa 4', date })).motor).toBeNull();

    await cancel(onBeat);
    const beatOffer = offerOf(day, '10:00-12:00', BEAT.name);
    await waitUntil('the Motor mana saja wait offered the first bike', () => offersIn('8002').length === 1);
    expect(offersIn('8002')).toEqual([beatOffer]);
    await outboxSent(app);
    // First in line, yet waiting for the other bike.
    expect(offersIn('8001')).toEqual([]);
    expect(await press('8002', beatOffer)).toBe(takenOf('Siswa 4', day, '10:00-12:00', BEAT.name));

    await cancel(onVario);
    const varioOffer = offerOf(day, '10:00-12:00', VARIO.name);
    await waitUntil('the wait for the second bike offered', () => offersIn('8001').length === 1);
    expect(offersIn('8001')).toEqual([varioOffer]);
    expect(await press('8001', varioOffer)).toBe(takenOf('Siswa 3', day, '10:00-12:00', VARIO.name));
    const booked = (await bikesOfBookings(app.db, date)).filter((row) => row.start === '10:00');
    expect(booked.map((row) => row.motorbikeId)).toEqual([1, 2]);
  });

  it('holds only the bike offered: Motor mana saja books the other, and Ambil books the held one', async () => {
    const date = '2026-11-24';
    const day = 'Selasa, 24 November 2026';
    const onBeat = await book('Siswa 1', date, ['10:00', '12:00'], 1);
    const budi = await linkedDevice('b', '8003', 'Siswa 5');
    expect(await refused(budi, { name: 'Siswa 5', date })).toEqual(STILL_FREE);
    expect(await refused(budi, { name: 'Siswa 5', date, motorId: 2 })).toEqual(STILL_FREE);
    expect((await created(budi, { name: 'Siswa 5', date, motorId: 1 })).motor).toEqual(BEAT);

    await cancel(onBeat);
    const offer = offerOf(day, '10:00-12:00', BEAT.name);
    await waitUntil('the offer', () => offersIn('8003').includes(offer));
    const onHeld = await postBooking(app.baseUrl, { ...bookingBody({ name: 'Siswa 6', date, start: '10:30', end: '11:30' }), motorId: 1 });
    expect(onHeld).toMatchObject({ status: 422, body: { errors: { start: HELD } } });
    const anyBike = await postBooking(app.baseUrl, bookingBody({ name: 'Siswa 6', date, start: '10:30', end: '11:30' }));
    expect(anyBike.status).toBe(201);
    expect(anyBike.body.booking.motor).toEqual(VARIO);
    expect(await press('8003', offer)).toBe(takenOf('Siswa 5', day, '10:00-12:00', BEAT.name));
    expect((await bikesOfBookings(app.db, date)).map((row) => [row.start, row.motorbikeId])).toEqual([
      ['10:30', 2],
      ['10:00', 1],
    ]);
  });

  it('waits only for the minutes taken on every bike it may be offered, and only on a bike taking bookings', async () => {
    const date = '2026-11-25';
    const onBeat = await book('Siswa 1', date, ['10:00', '12:00'], 1);
    await book('Siswa 2', date, ['11:00', '13:00'], 2);
    const device = await linkedDevice('t', '8004', 'Siswa 7');
    const body = { name: 'Siswa 7', date };
    expect(await refused(device, { ...body, start: '13:00', end: '14:00' })).toEqual(STILL_FREE);
    expect(await refused(device, { ...body, start: '10:00', end: '11:00' })).toEqual(STILL_FREE);
    expect(await refused(device, { ...body, start: '10:00', end: '11:00', motorId: 2 })).toEqual(STILL_FREE);
    await app.db.kysely.updateTable('motorbike').set({ active: false }).where('id', '=', 2).execute();
    expect(await refused(device, { ...body, motorId: 2 })).toEqual(UNAVAILABLE);
    await app.db.kysely.updateTable('motorbike').set({ active: true }).where('id', '=', 2).execute();
    expect(await refused(device, { ...body, motorId: 9 })).toEqual(UNAVAILABLE);
    for (const motorId of ['2', 1.5, 0, null]) expect((await wait(device, { ...body, motorId })).status).toBe(400);

    await created(device, { ...body, start: '10:00', end: '13:00' });
    const stored = await app.db.kysely
      .selectFrom('slot_wait')
      .select(['taken', 'any_bike'])
      .where('borrow_date', '=', date)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ taken: '660-720' });
    expect(Boolean(stored.any_bike)).toBe(true);
    await cancel(onBeat);
    const offer = offerOf('Rabu, 25 November 2026', '11:00-12:00', BEAT.name);
    await waitUntil('the part taken on both bikes offered', () => offersIn('8004').includes(offer));
  });

  it('counts the waits of a chat and of a name over every bike; a wait for a bike switched off is not offered', async () => {
    const date = '2026-11-26';
    const onBeat = await book('Siswa 1', date, ['10:00', '12:00'], 1);
    const onVario = await book('Siswa 2', date, ['10:00', '12:00'], 2);
    const device = await linkedDevice('u', '8005', 'Siswa 8');
    const other = await linkedDevice('v', '8006', 'Siswa 9');
    await created(device, { name: 'Siswa 8', date, motorId: 2 });
    await created(device, { name: 'Siswa 8', date });
    await created(device, { name: 'Siswa 8', date, motorId: 1 });
    const tooMany = { date: 'Kamu sudah menunggu 3 slot.' };
    expect(await refused(device, { name: 'Siswa 8', date, motorId: 2 })).toEqual(tooMany);
    expect(await refused(device, { name: 'Siswa 10', date, motorId: 1 })).toEqual(tooMany);
    expect(await refused(other, { name: 'Siswa 8', date })).toEqual(tooMany);

    await app.db.kysely.updateTable('motorbike').set({ active: false }).where('id', '=', 2).execute();
    try {
      await cancel(onVario);
      await cancel(onBeat);
      await waitUntil('the Motor mana saja wait offered', () => offersIn('8005').length === 1);
      const offers = await app.db.kysely
        .selectFrom('slot_offer as o')
        .innerJoin('slot_wait as w', 'w.id', 'o.wait_id')
        .select(['w.any_bike', 'o.motorbike_id'])
        .where('o.borrow_date', '=', date)
        .execute();
      expect(offers.map((row) => [Boolean(row.any_bike), row.motorbike_id])).toEqual([[true, 1]]);
      // One bike takes bookings now: the offer names none.
      expect(offersIn('8005')).toEqual(['Slot Kamis, 26 November 2026 jam 10:00-12:00 kosong, ditahan untukmu sampai jam 08:15.']);
    } finally {
      await app.db.kysely.updateTable('motorbike').set({ active: true }).where('id', '=', 2).execute();
    }
  });

  it('names the bikes to the device and to the admin: the bike waited for, Motor mana saja as null, the bike held', async () => {
    const date = '2026-11-27';
    const onBeat = await book('Siswa 1', date, ['10:00', '12:00'], 1);
    await book('Siswa 2', date, ['10:00', '12:00'], 2);
    const device = await linkedDevice('w', '8007', 'Siswa 11');
    await created(device, { name: 'Siswa 11', date, motorId: 2 });
    await created(device, { name: 'Siswa 11', date, start: '11:00' });
    const view = await requestJson(app.baseUrl, '/api/waits/device', { body: { deviceSecret: device } });
    expect(view.body).toEqual({
      linked: true,
      waits: [
        { name: 'Siswa 11', date, start: '10:00', end: '12:00', motor: VARIO },
        { name: 'Siswa 11', date, start: '11:00', end: '12:00', motor: null },
      ],
      taken: [],
      bikes: [BEAT, VARIO],
    });

    const api = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
    const listed = async () => ((await api.get('/api/admin/waits')).body.waits as { date: string }[]).filter((row) => row.date === date);
    expect(await listed()).toEqual([
      { ref: expect.any(String), name: 'Siswa 11', date, start: '10:00', end: '12:00', heldUntil: null, motor: VARIO },
      { ref: expect.any(String), name: 'Siswa 11', date, start: '11:00', end: '12:00', heldUntil: null, motor: null },
    ]);
    await cancel(onBeat);
    await waitUntil('the offer', () => offersIn('8007').length === 1);
    expect((await listed())[1]).toMatchObject({ start: '11:00', end: '12:00', heldUntil: '08:15', motor: BEAT });
  });

  it('pushes the offer with its bike, and a notification’s Ambil books that bike, pressed again the same answer', async () => {
    const date = '2026-11-30';
    const day = 'Senin, 30 November 2026';
    const onVario = await book('Siswa 12', date, ['15:00', '16:00'], 2);
    const device = deviceSecret('p');
    const subscribed = await requestJson(app.baseUrl, '/api/push/subscriptions', {
      body: { deviceSecret: device, tokens: [], subscription: push.subscription('p') },
    });
    expect(subscribed.status).toBe(201);
    await created(device, { name: 'Siswa 1', date, start: '15:00', end: '16:00', motorId: 2 });
    await cancel(onVario);
    const offer = offerOf(day, '15:00-16:00', VARIO.name);
    await waitUntil('the push', () => push.texts('p').length === 1);
    expect(push.texts('p')).toEqual([offer]);
    const offerId = push.delivered.find((delivery) => delivery.id === 'p')?.message.offerId;
    const path = `/api/waits/offers/${offerId}`;
    const taken = await requestJson(app.baseUrl, path, { body: { deviceSecret: device, action: 'take' } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.message).toBe(takenOf('Siswa 1', day, '15:00-16:00', VARIO.name));
    expect(taken.body.booking.motor).toEqual(VARIO);
    const again = await requestJson(app.baseUrl, path, { body: { deviceSecret: device, action: 'take' } });
    expect(again.body).toEqual(taken.body);
    expect((await bikesOfBookings(app.db, date)).map((row) => row.motorbikeId)).toEqual([2]);
  });
});
