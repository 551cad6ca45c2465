import ICAL from 'ical.js';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addBike } from '../helpers/bikes';
import { addVoucher, bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, PUTRI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-24';
const VARIO = { id: 2, name: 'Vario merah' };
const NAME_TAKEN = 'Nama motor sudah dipakai motor lain';
const liveBookings = (count: number) =>
  `Motor ini masih punya ${count} peminjaman yang belum selesai. Batalkan dulu di tab Peminjaman (atau Tandai tidak tersedia lalu Batalkan semua), atau tunggu sampai semuanya selesai.`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bikesApp({ twoBikes }: { twoBikes: boolean }) {
  let at = jakartaInstant(DATE, '07:00');
  const testApp: TestApp = await startTestApp({ now: () => at });
  cleanups.push(() => testApp.close());
  const [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, SITI, RIZKY, PUTRI])) as [User];
  if (twoBikes) await addBike(testApp.db, { ...VARIO, plate: 'B 1234 XY' });
  // Sessions last 12 hours: a test that moves the clock further signs in again.
  const signIn = async () => adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  const book = async (body: Record<string, unknown>): Promise<string> => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: DATE, needStnk: 'tidak', ...body }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.cancelToken;
  };
  const refOf = async (name: string): Promise<string> => {
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .innerJoin('users', 'users.id', 'borrow_request.users_id')
      .select('borrow_request.ref')
      .where('users.name', '=', name)
      .executeTakeFirstOrThrow();
    return row.ref ?? '';
  };
  return {
    testApp,
    api: await signIn(),
    signIn,
    book,
    refOf,
    setNow: (date: string, time: string) => {
      at = jakartaInstant(date, time);
    },
  };
}

function eventsOf(body: string): { summary: string; location: string | null }[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => ({
    summary: String(component.getFirstPropertyValue('summary')),
    location: (component.getFirstPropertyValue('location') as string | null) ?? null,
  }));
}

describe(`the booking's own calendar file names its bike, ${TEST_ENGINE}`, () => {
  it('with two active bikes its LOCATION is the bike, as in the feed', async () => {
    const { testApp, book } = await bikesApp({ twoBikes: true });
    const budi = await book({ name: BUDI.name });
    const siti = await book({ name: SITI.name });
    for (const [token, bike] of [
      [budi, 'Motor PPTI 21'],
      [siti, VARIO.name],
    ] as const) {
      const file = await requestJson(testApp.baseUrl, '/api/bookings/by-token/ics', { body: { token } });
      expect(file.status).toBe(200);
      expect(eventsOf(file.body)).toEqual([{ summary: 'Pinjam motor PPTI 21', location: bike }]);
    }
  });

  it('with one active bike (another switched off) the file has no LOCATION', async () => {
    const { testApp, book } = await bikesApp({ twoBikes: false });
    await addBike(testApp.db, { id: 3, name: 'Supra lama', active: false });
    const token = await book({ name: BUDI.name });
    const file = await requestJson(testApp.baseUrl, '/api/bookings/by-token/ics', { body: { token } });
    expect(file.status).toBe(200);
    expect(eventsOf(file.body)).toEqual([{ summary: 'Pinjam motor PPTI 21', location: null }]);
    expect(file.body).not.toMatch(/^LOCATION/m);
  });
});

describe(`PUT /api/admin/motor refuses another bike's name, ${TEST_ENGINE}`, () => {
  it('as /api/admin/motors does: 422 on name, in any case, nothing written nor audited; its own name and a new one pass', async () => {
    const { api, testApp } = await bikesApp({ twoBikes: true });
    const audited = async () => (await api.get('/api/admin/audit')).body.entries.length;
    const before = await audited();
    for (const [path, name] of [
      ['/api/admin/motor?motor=2', 'motor ppti 21'],
      ['/api/admin/motor', ' VARIO MERAH '],
      ['/api/admin/motor?motor=1', 'Vario merah'],
    ] as const) {
      const refused = await api.put(path, { name, plate: '', lastKm: null });
      expect([path, refused.status, refused.body.errors]).toEqual([path, 422, { name: NAME_TAKEN }]);
    }
    const names = await testApp.db.kysely.selectFrom('motorbike').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 1, name: 'Motor PPTI 21' },
      { id: 2, name: 'Vario merah' },
    ]);
    expect(await audited()).toBe(before);

    expect((await api.put('/api/admin/motor?motor=2', { name: 'Vario merah', plate: 'B 1234 XY', lastKm: 1200 })).status).toBe(200);
    const renamed = await api.put('/api/admin/motor?motor=2', { name: 'Vario putih', plate: 'B 1234 XY', lastKm: 1200 });
    expect(renamed.body.motorbike).toMatchObject({ name: 'Vario putih', lastKm: 1200 });
  });

  it('with one bike a rename is as before', async () => {
    const { api } = await bikesApp({ twoBikes: false });
    const renamed = await api.put('/api/admin/motor', { name: 'Motor kelas', plate: '', lastKm: null });
    expect(renamed).toMatchObject({ status: 200, body: { motorbike: { name: 'Motor kelas' } } });
  });
});

describe(`Aktif off waits for the bike's bookings to end, ${TEST_ENGINE}`, () => {
  const off = { name: VARIO.name, plate: 'B 1234 XY', active: false };

  it('refused while bookings are ahead or out (counted, cancelled ones not), allowed once the last is back', async () => {
    const { api, signIn, book, refOf, setNow, testApp } = await bikesApp({ twoBikes: true });
    await book({ name: SITI.name, motorId: 2 });
    const rizky = await book({ name: RIZKY.name, motorId: 2, start: '15:00', end: '16:00' });
    await book({ name: BUDI.name, motorId: 1, start: '15:00', end: '16:00' });
    const audited = (await api.get('/api/admin/audit')).body.entries.length;

    expect(await api.put('/api/admin/motors/2', off)).toMatchObject({ status: 422, body: { errors: { active: liveBookings(2) } } });
    expect((await api.get('/api/today')).body.bikes).toEqual([{ id: 1, name: 'Motor PPTI 21' }, VARIO]);
    expect((await api.get('/api/admin/audit')).body.entries).toHaveLength(audited);
    // Only switching off waits: a rename of the same bike goes through.
    expect((await api.put('/api/admin/motors/2', { ...off, plate: 'B 9999 XY', active: true })).status).toBe(200);

    expect((await requestJson(testApp.baseUrl, '/api/bookings/cancel', { body: { token: rizky } })).status).toBe(200);
    setNow(DATE, '08:00');
    const siti = await refOf(SITI.name);
    expect((await api.post(`/api/admin/bookings/${siti}/handover`, { event: 'pickup', date: DATE, time: '08:00' })).status).toBe(200);
    // Picked up and late: still out, still counted.
    setNow(DATE, '11:00');
    expect((await api.put('/api/admin/motors/2', off)).body.errors).toEqual({ active: liveBookings(1) });
    const back = await api.post(`/api/admin/bookings/${siti}/handover`, { event: 'return', date: DATE, time: '11:00', fuel: 'Penuh' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);

    const switched = await api.put('/api/admin/motors/2', off);
    expect(switched).toMatchObject({ status: 200, body: { bike: { id: 2, active: false } } });
    expect((await api.get('/api/today')).body).not.toHaveProperty('bikes');
    setNow('2026-11-25', '08:00');
    const later = await signIn();
    expect((await later.get(`/api/admin/bookings?from=${DATE}&to=${DATE}`)).body.bookings).toHaveLength(3);
  });

  it('a booking never picked up holds the bike until its end, not after', async () => {
    const { api, book, setNow } = await bikesApp({ twoBikes: true });
    await book({ name: SITI.name, motorId: 2, start: '08:00', end: '09:00' });
    setNow(DATE, '08:59');
    expect((await api.put('/api/admin/motors/2', off)).body.errors).toEqual({ active: liveBookings(1) });
    setNow(DATE, '09:00');
    expect((await api.put('/api/admin/motors/2', off)).status).toBe(200);
  });

  it('a voucher’s booking crossing midnight holds the bike until its end on the next day', async () => {
    const { signIn, book, setNow, testApp } = await bikesApp({ twoBikes: true });
    await addVoucher(testApp.db, 'VCH-NIGHT1');
    await book({ name: SITI.name, motorId: 2, start: '22:00', end: '23:00', reason: 'VCH-NIGHT1' });
    setNow('2026-11-25', '03:59');
    const api = await signIn();
    expect((await api.put('/api/admin/motors/2', off)).body.errors).toEqual({ active: liveBookings(1) });
    setNow('2026-11-25', '04:00');
    expect((await api.put('/api/admin/motors/2', off)).status).toBe(200);
  });

  // The key of src/server/bookings/booking-lock.ts: the switch waits for a booking transaction in flight and then counts its booking.
  it.runIf(TEST_ENGINE === 'postgres')('waits for the booking lock, so a booking committed meanwhile is counted', async () => {
    const { api, testApp } = await bikesApp({ twoBikes: true });
    const siti = await testApp.db.kysely.selectFrom('users').select('id').where('name', '=', SITI.name).executeTakeFirstOrThrow();
    const holder = new pg.Client({ connectionString: testApp.database.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1::bigint)', [0x626f6f6b]);
    await holder.query(
      `insert into borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk, motorbike_id, ref)
       values ($1, $2, '15:00', '16:00', 'Ke kampus', false, 2, 'lock-test')`,
      [siti.id, DATE],
    );
    const reply = api.put('/api/admin/motors/2', off);
    await waitUntil('the switch waiting for the booking lock', async () => {
      const waiting = await holder.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
      );
      return waiting.rows[0].n > 0;
    });
    await holder.query('commit');
    expect(await reply).toMatchObject({ status: 422, body: { errors: { active: liveBookings(1) } } });
  });
});
