import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID } from '../../src/domain/booking/first-load';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addBike } from '../helpers/bikes';
import { bookingBody, listBookings, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

// 08:00 in Jakarta on 2026-11-22.
const TODAY = '2026-11-22';
const DAY = '2026-11-24';
const FIRST = { id: 1, name: 'Motor PPTI 21' };
const BEAT = { id: 2, name: 'Beat hitam' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function schedule() {
  const clock = createTestClock();
  const testApp: TestApp = await startTestApp({ now: clock.now });
  cleanups.push(() => testApp.close());
  const [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, SITI, RIZKY])) as [User];
  const book = async (body: object) => {
    const reply = await postBooking(testApp.baseUrl, { ...bookingBody({ date: DAY }), ...body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { booking: { motor?: unknown }; cancelToken: string };
  };
  const get = (path: string, headers: Record<string, string> = {}) => requestJson(testApp.baseUrl, path, { headers });
  const week = async () => (await get(`/api/bookings?from=${TODAY}&to=${DAY}`)).body.days.at(-1).bookings;
  const own = async (token: string) =>
    (await requestJson(testApp.baseUrl, '/api/bookings/by-tokens', { body: { tokens: [token] } })).body.bookings[0];
  const admin_ = async () => adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  return { testApp, clock, book, get, week, own, admin: admin_ };
}

describe(`the schedule with several bikes on ${TEST_ENGINE}`, () => {
  it('with one active bike no answer carries a bike, even with an inactive second one', async () => {
    const { testApp, book, get, week, own } = await schedule();
    await addBike(testApp.db, { ...BEAT, active: false });
    const { cancelToken, booking } = await book({ name: BUDI.name });
    expect(booking).not.toHaveProperty('motor');
    const today = (await get('/api/today')).body;
    expect(today).not.toHaveProperty('bikes');
    expect(today).not.toHaveProperty('outOfServiceByBike');
    const [day] = (await listBookings(testApp.baseUrl, DAY)).body.bookings;
    expect(Object.keys(day).sort()).toEqual(['class', 'continuesFromPreviousDay', 'continuesNextDay', 'end', 'name', 'stage', 'start']);
    expect(await week()).toEqual([day]);
    expect(await own(cancelToken)).not.toHaveProperty('motor');
  });

  it('with two active bikes, /api/today lists them in the Motor tab’s order and every booking and loan out names its bike', async () => {
    const { testApp, clock, book, get, week, own } = await schedule();
    await addBike(testApp.db, BEAT);
    await testApp.db.kysely.updateTable('motorbike').set({ sort_order: 10 }).where('id', '=', 1).execute();
    const first = await book({ name: BUDI.name, start: '08:00', end: '10:00' });
    const second = await book({ name: SITI.name, start: '09:00', end: '11:00' });
    expect(first.booking.motor).toEqual(BEAT);
    expect(second.booking.motor).toEqual(FIRST);

    expect((await get('/api/today')).body.bikes).toEqual([BEAT, FIRST]);
    const listed = (await listBookings(testApp.baseUrl, DAY)).body.bookings;
    expect(listed.map((booking: { name: string; motorId: number }) => [booking.name, booking.motorId])).toEqual([
      [BUDI.name, BEAT.id],
      [SITI.name, FIRST.id],
    ]);
    expect(await week()).toEqual(listed);
    expect((await own(first.cancelToken)).motor).toEqual(BEAT);
    expect((await own(second.cancelToken)).motor).toEqual(FIRST);

    // 07:45 on DAY: Budi picks up the Beat, which /api/today then lists as out on its bike.
    clock.advance((2 * 24 * 60 - 15) * 60_000);
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token: first.cancelToken, event: 'pickup' } });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    expect(pickup.body.booking.motor).toEqual(BEAT);
    expect((await get('/api/today')).body.loansOut).toEqual([
      { name: BUDI.name, class: BUDI.class, date: DAY, start: '08:00', end: '10:00', endDate: DAY, motorId: BEAT.id },
    ]);
  });

  it('a Tidak tersedia period is told on its own bike only: /api/today gives each bike its periods', async () => {
    const { testApp, admin } = await schedule();
    await addBike(testApp.db, BEAT);
    const api = await admin();
    const period = { fromDate: TODAY, fromTime: '07:00', untilDate: DAY, untilTime: '12:00', reason: 'Ban bocor', motorId: BEAT.id };
    expect((await api.post('/api/admin/out-of-service', { period, decision: 'keep' })).status).toBe(201);
    const today = (await api.get('/api/today')).body;
    expect(today.outOfServiceByBike[String(FIRST.id)]).toEqual({ now: null, days: {} });
    expect(today.outOfServiceByBike[String(BEAT.id)].now).toContain('Ban bocor');
    expect(Object.keys(today.outOfServiceByBike[String(BEAT.id)].days)).toEqual([TODAY, '2026-11-23', DAY]);
  });

  it('a bike added, renamed or switched off changes the kept answers and their ETag', async () => {
    const { book, get, admin } = await schedule();
    await book({ name: BUDI.name });
    const path = `/api/bookings?date=${DAY}`;
    const before = await get(path);
    expect(before.body.bookings[0]).not.toHaveProperty('motorId');
    expect((await get(path, { 'if-none-match': before.headers.get('etag') ?? '' })).status).toBe(304);

    const api = await admin();
    expect((await api.post('/api/admin/motors', { name: BEAT.name, plate: '' })).status).toBe(201);
    const added = await get(path);
    expect(added.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(added.body.bookings[0].motorId).toBe(FIRST.id);
    expect((await get(path, { 'if-none-match': before.headers.get('etag') ?? '' })).status).toBe(200);
    expect((await get('/api/today')).body.bikes).toEqual([FIRST, BEAT]);

    expect((await api.put('/api/admin/motors/2', { name: 'Vario merah', plate: '', active: true })).status).toBe(200);
    expect((await get('/api/today')).body.bikes).toEqual([FIRST, { id: 2, name: 'Vario merah' }]);

    expect((await api.put('/api/admin/motors/2', { name: 'Vario merah', plate: '', active: false })).status).toBe(200);
    expect((await get('/api/today')).body).not.toHaveProperty('bikes');
    const switchedOff = await get(path);
    expect(switchedOff.body).toEqual(before.body);
    expect(switchedOff.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('the first load of / carries the bikes and each booking’s bike', async () => {
    const { testApp, book } = await schedule();
    await addBike(testApp.db, BEAT);
    await book({ name: BUDI.name, date: TODAY, start: '09:00', end: '10:00' });
    const html = await (await fetch(`${testApp.baseUrl}/?tanggal=${TODAY}`)).text();
    const match = new RegExp(`<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    const data = JSON.parse(match?.[1] ?? '{}');
    expect(data.clock.bikes).toEqual([FIRST, BEAT]);
    const shown = data.week.days.find((day: { date: string }) => day.date === TODAY).bookings;
    expect(shown).toMatchObject([{ name: BUDI.name, motorId: FIRST.id }]);
  });
});
