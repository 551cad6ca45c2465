import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addBike } from '../helpers/bikes';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const DATE = '2026-11-24';
const VARIO = { id: 2, name: 'Vario merah' };
const UNKNOWN_BIKE = 'Motor tidak ditemukan. Pakai nomor motor yang ada, misalnya /kalender.ics?motor=1.';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  testApp: TestApp;
  api: ReturnType<typeof adminClient>;
  cookie: string;
  /** Each booking's cancel secret by the borrower's name. */
  tokens: Map<string, string>;
  setNow: (date: string, time: string) => void;
}

/** Budi on the first bike 08:00-10:00, Siti on Vario merah at the same hours (Motor mana saja), Rizky on the first 13:00-14:00. */
async function bikesApp({ twoBikes }: { twoBikes: boolean }): Promise<Setup> {
  let at = jakartaInstant(DATE, '07:00');
  const testApp = await startTestApp({ now: () => at });
  cleanups.push(() => testApp.close());
  const [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, SITI, RIZKY])) as [User];
  if (twoBikes) await addBike(testApp.db, { ...VARIO, plate: 'B 1234 XY' });
  const tokens = new Map<string, string>();
  for (const body of [{ name: BUDI.name }, { name: SITI.name }, { name: RIZKY.name, start: '13:00', end: '14:00' }]) {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: DATE, needStnk: 'tidak', ...body }));
    if (reply.status === 422) continue;
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    tokens.set(body.name, reply.body.cancelToken);
  }
  const cookie = await loginCookie(testApp.baseUrl, admin);
  return {
    testApp,
    api: adminClient(testApp.baseUrl, cookie),
    cookie,
    tokens,
    setNow: (date, time) => {
      at = jakartaInstant(date, time);
    },
  };
}

async function csvRows(setup: Setup, path: string): Promise<string[][]> {
  const response = await fetch(`${setup.testApp.baseUrl}${path}`, { headers: { cookie: setup.cookie } });
  expect(response.status).toBe(200);
  return parse((await response.text()).replace(/^\uFEFF/, '')) as string[][];
}

function feedEvents(body: string): { summary: string; location: string | null }[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => ({
    summary: String(component.getFirstPropertyValue('summary')),
    location: (component.getFirstPropertyValue('location') as string | null) ?? null,
  }));
}

describe(`the admin's bookings name the bike, ${TEST_ENGINE}`, () => {
  it('with two bikes: a Motor on every booking, a bike filter, and a Motor column in the CSV', async () => {
    const setup = await bikesApp({ twoBikes: true });
    const listed = (await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}`)).body.bookings;
    expect(listed.map((booking: { name: string; motor: unknown }) => [booking.name, booking.motor])).toEqual([
      [BUDI.name, { id: 1, name: 'Motor PPTI 21' }],
      [SITI.name, VARIO],
      [RIZKY.name, { id: 1, name: 'Motor PPTI 21' }],
    ]);
    const vario = (await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}&motor=2`)).body.bookings;
    expect(vario.map((booking: { name: string }) => booking.name)).toEqual([SITI.name]);
    expect((await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}&motor=9`)).body.bookings).toEqual([]);
    const bad = await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}&motor=abc`);
    expect(bad).toMatchObject({ status: 400, body: { errors: { motor: 'motor tidak valid' } } });

    const rows = await csvRows(setup, `/api/admin/bookings.csv?from=${DATE}&to=${DATE}`);
    expect(rows[0]?.slice(0, 6)).toEqual(['Tanggal', 'Mulai', 'Selesai', 'Tanggal selesai', 'Motor', 'Nama']);
    expect(rows.slice(1).map((row) => [row[4], row[5]])).toEqual([
      ['Motor PPTI 21', BUDI.name],
      ['Vario merah', SITI.name],
      ['Motor PPTI 21', RIZKY.name],
    ]);
    const filtered = await csvRows(setup, `/api/admin/bookings.csv?from=${DATE}&to=${DATE}&motor=2`);
    expect(filtered.slice(1).map((row) => row[5])).toEqual([SITI.name]);
  });

  it('with one active bike: no Motor in the answer nor in the CSV, even when an inactive bike exists', async () => {
    const setup = await bikesApp({ twoBikes: false });
    await addBike(setup.testApp.db, { id: 3, name: 'Supra lama', active: false });
    const listed = (await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}`)).body.bookings;
    expect(listed).toHaveLength(2);
    for (const booking of listed) expect(booking).not.toHaveProperty('motor');
    const rows = await csvRows(setup, `/api/admin/bookings.csv?from=${DATE}&to=${DATE}`);
    expect(rows[0]).not.toContain('Motor');
    expect(rows[0]?.[4]).toBe('Nama');
  });
});

describe(`/kalender.ics with several bikes, ${TEST_ENGINE}`, () => {
  it('names each event’s bike, gives one bike’s with ?motor={id}, and refuses an unknown or bad id in Indonesian', async () => {
    const setup = await bikesApp({ twoBikes: true });
    const feed = await requestJson(setup.testApp.baseUrl, '/kalender.ics');
    expect(feed.status).toBe(200);
    expect(feedEvents(feed.body)).toEqual([
      { summary: 'Budi Santoso (PPTI 21)', location: 'Motor PPTI 21' },
      { summary: 'Siti Rahmawati (PPTI 21)', location: 'Vario merah' },
      { summary: 'Rizky Maulana (PPTI 22)', location: 'Motor PPTI 21' },
    ]);
    const vario = await requestJson(setup.testApp.baseUrl, '/kalender.ics?motor=2');
    expect(vario.status).toBe(200);
    expect(feedEvents(vario.body)).toEqual([{ summary: 'Siti Rahmawati (PPTI 21)', location: 'Vario merah' }]);
    expect(vario.headers.get('etag')).not.toBe(feed.headers.get('etag'));
    const first = await requestJson(setup.testApp.baseUrl, '/kalender.ics?motor=1');
    expect(feedEvents(first.body).map((event) => event.summary)).toEqual(['Budi Santoso (PPTI 21)', 'Rizky Maulana (PPTI 22)']);
    for (const motor of ['9', 'abc', '0', '-1', '1.5', '']) {
      const refused = await requestJson(setup.testApp.baseUrl, `/kalender.ics?motor=${motor}`);
      expect([motor, refused.status, refused.body]).toEqual([motor, 400, { message: UNKNOWN_BIKE, errors: { motor: UNKNOWN_BIKE } }]);
    }
  });

  it('with one active bike no event has a location, and ?motor=1 is the same feed', async () => {
    const setup = await bikesApp({ twoBikes: false });
    const feed = await requestJson(setup.testApp.baseUrl, '/kalender.ics');
    expect(feedEvents(feed.body).map((event) => event.location)).toEqual([null, null]);
    expect(feed.body).not.toMatch(/^LOCATION/m);
    const one = await requestJson(setup.testApp.baseUrl, '/kalender.ics?motor=1');
    expect(one.body).toBe(feed.body);
  });
});

describe(`the Kas names the bike of a charge’s loan, ${TEST_ENGINE}`, () => {
  async function returnedLoans(setup: Setup): Promise<void> {
    // Another class pays rent for its hours: each return writes a charge.
    await setup.testApp.db.kysely.updateTable('users').set({ class: 'PPTI 22' }).where('name', 'in', [BUDI.name, SITI.name]).execute();
    setup.setNow(DATE, '08:00');
    const loans = await setup.testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', DATE)
      .where('start_time', '=', '08:00')
      .orderBy('id')
      .execute();
    for (const { ref } of loans) {
      expect((await setup.api.post(`/api/admin/bookings/${ref}/handover`, { event: 'pickup', date: DATE, time: '08:00' })).status).toBe(
        200,
      );
    }
    setup.setNow(DATE, '10:00');
    for (const { ref } of loans) {
      const back = await setup.api.post(`/api/admin/bookings/${ref}/handover`, {
        event: 'return',
        date: DATE,
        time: '10:00',
        fuel: 'Penuh',
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    }
    setup.setNow(DATE, '11:00');
  }

  it('with two bikes: the book’s charges and the payment claims carry the bike, and the CSV has a Motor column', async () => {
    const setup = await bikesApp({ twoBikes: true });
    await returnedLoans(setup);
    const book = (await setup.api.get('/api/admin/kas/book?month=2026-11')).body;
    const charges = book.entries.filter((entry: { kind: string }) => entry.kind === 'charge');
    expect(charges.map((entry: { member: { name: string }; motor: string }) => [entry.member.name, entry.motor]).sort()).toEqual([
      [BUDI.name, 'Motor PPTI 21'],
      [SITI.name, 'Vario merah'],
    ]);
    const rows = await csvRows(setup, '/api/admin/kas.csv?month=2026-11');
    expect(rows[0]).toEqual(['Tanggal', 'Jenis', 'Anggota', 'Motor', 'Keterangan', 'Masuk', 'Keluar', 'Saldo']);
    expect(rows.slice(2, -1).map((row) => [row[2], row[3]])).toEqual([
      [BUDI.name, 'Motor PPTI 21'],
      [SITI.name, 'Vario merah'],
    ]);
    expect(rows[1]).toHaveLength(8);
    expect(rows.at(-1)).toHaveLength(8);
    const budi = book.entries.find((entry: { member: { name: string } | null }) => entry.member?.name === BUDI.name).member;
    const statement = (await setup.api.get(`/api/admin/kas/members/${budi.ref}`)).body;
    expect(statement.entries.map((entry: { motor?: string }) => entry.motor)).toEqual(['Motor PPTI 21']);
    const claimed = await requestJson(setup.testApp.baseUrl, '/api/bookings/charge-paid', { body: { token: setup.tokens.get(SITI.name) } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const claims = (await setup.api.get('/api/admin/kas')).body.claims;
    expect(claims.map((claim: { member: { name: string }; motor: string }) => [claim.member.name, claim.motor])).toEqual([
      [SITI.name, 'Vario merah'],
    ]);
  });

  it('with one bike: no motor on an entry, and the CSV keeps its seven columns', async () => {
    const setup = await bikesApp({ twoBikes: false });
    await returnedLoans(setup);
    const book = (await setup.api.get('/api/admin/kas/book?month=2026-11')).body;
    expect(book.entries.length).toBeGreaterThan(0);
    for (const entry of book.entries) expect(entry).not.toHaveProperty('motor');
    const rows = await csvRows(setup, '/api/admin/kas.csv?month=2026-11');
    expect(rows[0]).toEqual(['Tanggal', 'Jenis', 'Anggota', 'Keterangan', 'Masuk', 'Keluar', 'Saldo']);
    expect(
      (await requestJson(setup.testApp.baseUrl, '/api/bookings/charge-paid', { body: { token: setup.tokens.get(BUDI.name) } })).status,
    ).toBe(200);
    const [claim] = (await setup.api.get('/api/admin/kas')).body.claims;
    expect(claim).not.toHaveProperty('motor');
  });
});

describe(`Tidak tersedia for one bike of two, ${TEST_ENGINE}`, () => {
  const period = (motorId?: number) => ({
    fromDate: DATE,
    fromTime: '07:00',
    untilDate: DATE,
    untilTime: '12:00',
    reason: 'Ban bocor',
    ...(motorId === undefined ? {} : { motorId }),
  });

  it('touches only its own bike’s bookings, blocks only that bike, and the list names the bike', async () => {
    const setup = await bikesApp({ twoBikes: true });
    const preview = await setup.api.post('/api/admin/out-of-service/preview', period(2));
    expect(preview.body.affected.map((booking: { name: string }) => booking.name)).toEqual([SITI.name]);
    const created = await setup.api.post('/api/admin/out-of-service', { period: period(2), decision: 'cancel' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.period).toMatchObject({ cancelled: 1, motor: 'Vario merah' });
    const left = (await setup.api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}`)).body.bookings;
    expect(left.map((booking: { name: string; cancellation: unknown }) => [booking.name, booking.cancellation === null])).toEqual([
      [BUDI.name, true],
      [SITI.name, false],
      [RIZKY.name, true],
    ]);
    const onVario = await postBooking(setup.testApp.baseUrl, { ...bookingBody({ date: DATE, start: '10:00', end: '11:00' }), motorId: 2 });
    expect(onVario.status).toBe(422);
    const anyBike = await postBooking(setup.testApp.baseUrl, bookingBody({ name: SITI.name, date: DATE, start: '10:00', end: '11:00' }));
    expect(anyBike.body.booking.motor).toEqual({ id: 1, name: 'Motor PPTI 21' });
    const listed = (await setup.api.get('/api/admin/out-of-service')).body.periods;
    expect(listed.map((entry: { reason: string; motor: string }) => [entry.reason, entry.motor])).toEqual([['Ban bocor', 'Vario merah']]);
  });

  it('once its bike is back, a cancelled booking is offered again though another bike is booked at that hour', async () => {
    const setup = await bikesApp({ twoBikes: true });
    const created = await setup.api.post('/api/admin/out-of-service', { period: period(2), decision: 'cancel' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    setup.setNow(DATE, '07:30');
    expect((await setup.api.post(`/api/admin/out-of-service/${created.body.period.ref}/end`)).status).toBe(200);
    const card = await requestJson(setup.testApp.baseUrl, '/api/bookings/by-tokens', {
      method: 'POST',
      body: { tokens: [setup.tokens.get(SITI.name)] },
    });
    expect(card.body.bookings[0].notice).toEqual({
      text: 'Motor sudah siap dan jadwal ini masih kosong.',
      link: { label: 'Pesan lagi', href: `/form?tanggal=${DATE}&mulai=08:00&selesai=10:00` },
    });
  });

  it('without a bike the period is the first bike’s; an unknown or bad bike is refused on motorId', async () => {
    const setup = await bikesApp({ twoBikes: true });
    const preview = await setup.api.post('/api/admin/out-of-service/preview', period());
    expect(preview.body.affected.map((booking: { name: string }) => booking.name)).toEqual([BUDI.name]);
    const unknown = await setup.api.post('/api/admin/out-of-service', { period: period(9), decision: 'keep' });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { motorId: 'Motor tidak ditemukan' } } });
    const bad = await setup.api.post('/api/admin/out-of-service/preview', { ...period(), motorId: 'dua' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { motorId: 'motorId tidak valid' } } });
    expect(await setup.testApp.db.kysely.selectFrom('out_of_service').select('id').execute()).toEqual([]);
  });

  it('with one bike a period has no motor in its view', async () => {
    const setup = await bikesApp({ twoBikes: false });
    const created = await setup.api.post('/api/admin/out-of-service', { period: period(), decision: 'keep' });
    expect(created.status).toBe(201);
    expect(created.body.period).not.toHaveProperty('motor');
  });
});

describe(`the Motor tab per bike, ${TEST_ENGINE}`, () => {
  it('?motor={id} gives that bike’s record and loans, saves its kilometres, and answers 404 to an unknown bike', async () => {
    const setup = await bikesApp({ twoBikes: true });
    setup.setNow(DATE, '08:00');
    const refs = await setup.testApp.db.kysely.selectFrom('borrow_request').select('ref').where('start_time', '=', '08:00').execute();
    for (const { ref } of refs) {
      expect((await setup.api.post(`/api/admin/bookings/${ref}/handover`, { event: 'pickup', date: DATE, time: '08:00' })).status).toBe(
        200,
      );
    }
    const vario = (await setup.api.get('/api/admin/motor?motor=2')).body;
    expect(vario.motorbike).toMatchObject({ name: 'Vario merah', plate: 'B 1234 XY' });
    expect(vario.loans.map((loan: { name: string }) => loan.name)).toEqual([SITI.name]);
    const first = (await setup.api.get('/api/admin/motor?motor=1')).body;
    expect(first.loans.map((loan: { name: string }) => loan.name)).toEqual([BUDI.name]);
    const saved = await setup.api.put('/api/admin/motor?motor=2', { name: 'Vario merah', plate: 'B 1234 XY', lastKm: 1500 });
    expect(saved.body.motorbike).toMatchObject({ name: 'Vario merah', lastKm: 1500 });
    expect((await setup.api.get('/api/admin/motor')).body.motorbike).toMatchObject({ name: 'Motor PPTI 21', lastKm: null });
    for (const motor of ['9', 'x']) {
      expect((await setup.api.get(`/api/admin/motor?motor=${motor}`)).status).toBe(404);
      expect((await setup.api.put(`/api/admin/motor?motor=${motor}`, { name: 'X', plate: '', lastKm: null })).status).toBe(404);
    }
  });
});
