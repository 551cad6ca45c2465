import { afterEach, describe, expect, it } from 'vitest';
import { addBike, bikesOfBookings } from '../helpers/bikes';
import { addVoucher, bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, idsByName, manyStudents, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { type JsonReply, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const DATE = '2026-12-01';
const now = () => jakartaInstant('2026-11-22', '10:00');
const BEAT = { id: 1, name: 'Motor PPTI 21' };
const VARIO = { id: 2, name: 'Vario merah' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(database?: TestDatabase): Promise<TestApp> {
  const testApp = await startTestApp({ now, database });
  cleanups.push(() => testApp.close());
  return testApp;
}

async function twoBikes(): Promise<TestApp> {
  const testApp = await app();
  await seedRoster(testApp.db, [BUDI, SITI, RIZKY]);
  await addBike(testApp.db, { ...VARIO, plate: 'B 1234 XY' });
  return testApp;
}

const book = (testApp: TestApp, body: object) => postBooking(testApp.baseUrl, { ...bookingBody({ date: DATE }), ...body });

describe(`booking on a bike, ${TEST_ENGINE}`, () => {
  it('with one bike the answer names no bike, and the booking is the first bike’s', async () => {
    const testApp = await app();
    await seedRoster(testApp.db, [BUDI]);
    const reply = await book(testApp, {});
    expect(reply.status).toBe(201);
    expect(reply.body.booking).not.toHaveProperty('motor');
    expect((await bikesOfBookings(testApp.db, DATE)).map((row) => row.motorbikeId)).toEqual([1]);
  });

  it('Motor mana saja books the first free bike in the Motor tab’s order, then refuses with the first bike’s clash', async () => {
    const testApp = await twoBikes();
    const first = await book(testApp, { name: BUDI.name });
    expect(first.status).toBe(201);
    expect(first.body.booking.motor).toEqual(BEAT);
    const second = await book(testApp, { name: SITI.name, start: '09:00', end: '11:00' });
    expect(second.status).toBe(201);
    expect(second.body.booking.motor).toEqual(VARIO);
    const third = await book(testApp, { name: RIZKY.name, start: '09:30', end: '10:30' });
    expect(third).toMatchObject({ status: 422, body: { errors: { start: 'Bentrok dengan jadwal lain (08:00 - 10:00)' } } });
  });

  it('the Motor tab’s order decides, not the id', async () => {
    const testApp = await twoBikes();
    await testApp.db.kysely.updateTable('motorbike').set({ sort_order: 10 }).where('id', '=', 1).execute();
    const reply = await book(testApp, {});
    expect(reply.body.booking.motor).toEqual(VARIO);
  });

  it('a chosen bike is booked even when another is free, and its own clash is named', async () => {
    const testApp = await twoBikes();
    expect((await book(testApp, { name: BUDI.name, start: '07:00', end: '09:00' })).status).toBe(201);
    const chosen = await book(testApp, { name: SITI.name, start: '10:00', end: '12:00', motorId: 2 });
    expect(chosen.body.booking.motor).toEqual(VARIO);
    const clash = await book(testApp, { name: RIZKY.name, start: '08:30', end: '10:30', motorId: 2 });
    expect(clash).toMatchObject({ status: 422, body: { errors: { start: 'Bentrok dengan jadwal lain (10:00 - 12:00)' } } });
    const anyBike = await book(testApp, { name: RIZKY.name, start: '08:30', end: '10:30' });
    expect(anyBike.body.errors).toEqual({ start: 'Bentrok dengan jadwal lain (07:00 - 09:00)' });
    expect((await bikesOfBookings(testApp.db, DATE)).map((row) => row.motorbikeId)).toEqual([1, 2]);
  });

  it('an inactive bike takes no new booking, chosen or not; an unknown one is refused too', async () => {
    const testApp = await twoBikes();
    await testApp.db.kysely.updateTable('motorbike').set({ active: false }).where('id', '=', 2).execute();
    const message = 'Motor ini tidak menerima peminjaman. Pilih motor lain atau Motor mana saja.';
    expect(await book(testApp, { motorId: 2 })).toMatchObject({ status: 422, body: { errors: { motorId: message } } });
    expect(await book(testApp, { motorId: 9 })).toMatchObject({ status: 422, body: { errors: { motorId: message } } });
    const any = await book(testApp, {});
    expect(any.status).toBe(201);
    // One active bike left: the answers are those of one bike again.
    expect(any.body.booking).not.toHaveProperty('motor');
    expect((await book(testApp, { name: SITI.name })).body.errors).toEqual({ start: 'Bentrok dengan jadwal lain (08:00 - 10:00)' });
  });

  it('a bike that is not a whole positive number is refused as a bad field', async () => {
    const testApp = await twoBikes();
    for (const motorId of ['2', 1.5, 0, null]) expect((await book(testApp, { motorId })).status).toBe(400);
  });

  it('the 4 hours a day count across bikes', async () => {
    const testApp = await twoBikes();
    expect((await book(testApp, { start: '08:00', end: '11:00' })).status).toBe(201);
    const second = await book(testApp, { start: '13:00', end: '15:00', motorId: 2 });
    expect(second).toMatchObject({ status: 422, body: { errors: { end: expect.stringContaining('4 jam') } } });
    const rizky = await book(testApp, { name: RIZKY.name, start: '13:00', end: '15:00', motorId: 2 });
    expect(rizky.status).toBe(201);
  });

  it('a voucher books any free bike unless one is chosen', async () => {
    const testApp = await twoBikes();
    await addVoucher(testApp.db, 'VCH-BIKES1');
    await addVoucher(testApp.db, 'VCH-BIKES2');
    expect((await book(testApp, { name: BUDI.name, start: '11:00', end: '12:00' })).status).toBe(201);
    const voucher = await book(testApp, { name: SITI.name, start: '08:00', reason: 'VCH-BIKES1' });
    expect(voucher.body.booking).toMatchObject({ end: '14:00', usedVoucher: true, motor: VARIO });
    const chosen = await book(testApp, { name: RIZKY.name, start: '06:00', reason: 'VCH-BIKES2', motorId: 1 });
    expect(chosen.body.errors).toEqual({ start: 'Bentrok dengan jadwal lain (11:00 - 12:00)' });
    expect(
      (await testApp.db.kysely.selectFrom('vouchers').select('is_used').where('code', '=', 'VCH-BIKES2').executeTakeFirstOrThrow()).is_used,
    ).toBeFalsy();
  });

  it('a Tidak tersedia period blocks its own bike only', async () => {
    const testApp = await twoBikes();
    await testApp.db.kysely
      .insertInto('out_of_service')
      .values({
        ref: 'periode-motor-1',
        motorbike_id: 1,
        from_date: DATE,
        from_time: '00:00',
        until_date: null,
        until_time: null,
        reason: 'Ban bocor',
        created_at: now().toISOString(),
        created_by_kind: 'admin',
        created_by_name: 'Admin Uji',
      })
      .execute();
    const onFirst = await book(testApp, { motorId: 1 });
    expect(onFirst.status).toBe(422);
    expect(onFirst.body.errors.start).toContain('Ban bocor');
    const any = await book(testApp, {});
    expect(any.body.booking.motor).toEqual(VARIO);
  });

  it('two instances, 40 students asking one hour of two bikes at once: one booking on each bike, the rest refused', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const [first, second] = [await app(database), await app(database)];
    const students = await seedRoster(first.db, manyStudents('Rebutan', 40));
    await addBike(first.db, VARIO);
    const replies: JsonReply[] = await Promise.all(
      students.map(({ name }, index) =>
        postBooking((index % 2 === 0 ? first : second).baseUrl, bookingBody({ name, date: DATE, start: '08:00', end: '09:00' })),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(2);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(refused).toHaveLength(38);
    for (const reply of refused)
      expect(reply).toMatchObject({ status: 422, body: { errors: { start: 'Bentrok dengan jadwal lain (08:00 - 09:00)' } } });
    const booked = await bikesOfBookings(first.db, DATE);
    expect(booked.map((row) => row.motorbikeId).sort()).toEqual([1, 2]);
    const ids = idsByName(students);
    expect(new Set(booked.map((row) => row.usersId)).size).toBe(2);
    expect([...ids.values()]).toEqual(expect.arrayContaining(booked.map((row) => row.usersId)));
  });
});
