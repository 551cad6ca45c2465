import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBookingsRangeResponseSchema } from '../../src/domain/schemas/bookings';
import { addDays } from '../../src/domain/time/clock';
import { markBookingCancelled } from '../../src/server/bookings/cancel/repository';
import { addVoucher, bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const VOUCHER = 'VCH-RANGE1';
const plain = { continuesFromPreviousDay: false, continuesNextDay: false, stage: 'booked' };

describe(`listing the bookings of a range of dates on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '10:00') });
    await seedRoster(testApp.db, [BUDI, SITI, RIZKY]);
    await addVoucher(testApp.db, VOUCHER);
    for (const [name, date, start, end, reason] of [
      ['Siti Rahmawati', '2026-12-02', '13:00', '15:00', 'rahasia'],
      ['Budi Santoso', '2026-12-02', '08:00', '10:00', 'rahasia'],
      // An overnight voucher loan from the day before the range: it shows on its first day only.
      ['Rizky Maulana', '2026-11-30', '21:00', '22:00', VOUCHER],
      // Outside the range on both sides.
      ['Budi Santoso', '2026-11-29', '08:00', '09:00', 'rahasia'],
      ['Budi Santoso', '2026-12-04', '08:00', '09:00', 'rahasia'],
    ] as const) {
      expect((await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end, reason }))).status).toBe(201);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers every date from `from` to `to` in order, each with its bookings sorted by start, the overnight loan on both days', async () => {
    const reply = await requestJson(testApp.baseUrl, '/api/bookings?from=2026-12-01&to=2026-12-03');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(listBookingsRangeResponseSchema.parse(reply.body)).toEqual(reply.body);
    expect(reply.body).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
      days: [
        {
          date: '2026-12-01',
          bookings: [{ start: '21:00', end: '03:00', name: 'Rizky Maulana', class: 'PPTI 22', ...plain, continuesFromPreviousDay: true }],
        },
        {
          date: '2026-12-02',
          bookings: [
            { start: '08:00', end: '10:00', name: 'Budi Santoso', class: 'PPTI 21', ...plain },
            { start: '13:00', end: '15:00', name: 'Siti Rahmawati', class: 'PPTI 21', ...plain },
          ],
        },
        { date: '2026-12-03', bookings: [] },
      ],
    });
    expect(JSON.stringify(reply.body)).not.toContain('rahasia');
  });

  it('shows the overnight loan on its first day as continuing to the next, and one day the same as the one-date form', async () => {
    const range = await requestJson(testApp.baseUrl, '/api/bookings?from=2026-11-30&to=2026-11-30');
    const single = await requestJson(testApp.baseUrl, '/api/bookings?date=2026-11-30');
    expect(range.body.days).toEqual([single.body]);
    expect(single.body.bookings).toEqual([
      { start: '21:00', end: '03:00', name: 'Rizky Maulana', class: 'PPTI 22', ...plain, continuesNextDay: true },
    ]);
  });

  it('leaves out cancelled bookings, an overnight one included on the day it continues into', async () => {
    await addVoucher(testApp.db, 'VCH-RANGE2');
    for (const [name, date, start, end, reason] of [
      ['Siti Rahmawati', '2026-12-08', '09:00', '10:00', 'kuliah'],
      ['Budi Santoso', '2026-12-08', '22:00', '23:00', 'VCH-RANGE2'],
    ] as const) {
      expect((await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end, reason }))).status).toBe(201);
    }
    const shown = async () =>
      (await requestJson(testApp.baseUrl, '/api/bookings?from=2026-12-08&to=2026-12-09')).body.days.map(
        (day: { bookings: { name: string }[] }) => day.bookings.map((booking) => booking.name),
      );
    expect(await shown()).toEqual([['Siti Rahmawati', 'Budi Santoso'], ['Budi Santoso']]);

    await markBookingCancelled(testApp.db.kysely, await idOf('2026-12-08', '22:00'), {
      cancelledAt: '2026-11-22T03:00:00.000Z',
      kind: 'admin',
      userId: null,
      reason: 'Motor di bengkel',
    });
    await markBookingCancelled(testApp.db.kysely, await idOf('2026-12-08', '09:00'), {
      cancelledAt: '2026-11-22T03:00:00.000Z',
      kind: 'admin',
      userId: null,
      reason: 'Motor di bengkel',
    });
    expect(await shown()).toEqual([[], []]);
  });

  async function idOf(date: string, start: string): Promise<number> {
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('id')
      .where('borrow_date', '=', date)
      .where('start_time', '=', start)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('answers a range of exactly 31 days', async () => {
    const reply = await requestJson(testApp.baseUrl, `/api/bookings?from=2026-11-15&to=${addDays('2026-11-15', 30)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.days).toHaveLength(31);
    expect(reply.body.days.at(-1).date).toBe('2026-12-15');
  });

  // Today is Sunday 22 November 2026 and one may book 90 days ahead.
  it.each(['?date=2026-11-15', '?date=2027-02-20', '?from=2026-11-15&to=2026-11-21', '?from=2027-02-14&to=2027-02-20'])(
    'answers %j, inside the public window from 7 days back to the booking horizon',
    async (query) => {
      expect((await requestJson(testApp.baseUrl, `/api/bookings${query}`)).status).toBe(200);
    },
  );

  it.each([
    '?date=2026-11-14',
    '?date=2027-02-21',
    '?date=2000-01-01',
    '?from=2026-11-14&to=2026-11-20',
    '?from=2027-02-15&to=2027-02-21',
    '?from=2030-01-01&to=2030-01-31',
    '?from=2026-11-14&to=2026-02-30',
  ])('refuses %j outside the public window with 400 and the window in Indonesian', async (query) => {
    const reply = await requestJson(testApp.baseUrl, `/api/bookings${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Jadwal hanya bisa dilihat dari Minggu, 15 November 2026 sampai Sabtu, 20 Februari 2027.',
    });
  });

  it.each([
    ['?from=2026-11-15&to=2026-12-16', { to: 'Rentang tanggal maksimal 31 hari' }],
    ['?from=2026-12-03&to=2026-12-02', { to: 'Tanggal akhir tidak boleh sebelum tanggal awal' }],
    ['?from=2026-12-01', { to: 'Tanggal akhir harus diisi' }],
    ['?to=2026-12-01', { from: 'Tanggal awal harus diisi' }],
    ['?from=&to=', { from: 'Tanggal awal harus diisi', to: 'Tanggal akhir harus diisi' }],
    ['?from=2026-11-31&to=2026-12-01', { from: 'Tanggal tidak valid' }],
    ['?from=2026-12-01&to=2026-12-02&date=2026-12-01', { date: 'Kolom date tidak dikenal' }],
  ])('answers 400 to %j', async (query, errors) => {
    const reply = await requestJson(testApp.baseUrl, `/api/bookings${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Data yang dikirim tidak valid', errors });
  });
});

describe(`the public schedule window when the day turns on ${TEST_ENGINE}`, () => {
  let at = jakartaInstant('2026-11-22', '23:59');
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a day that was answered, and kept, a minute before it left the window', async () => {
    expect((await requestJson(testApp.baseUrl, '/api/bookings?date=2026-11-15')).status).toBe(200);
    expect((await requestJson(testApp.baseUrl, '/api/today')).body.window).toEqual({ from: '2026-11-15', to: '2027-02-20' });
    at = jakartaInstant('2026-11-23', '00:00');
    const reply = await requestJson(testApp.baseUrl, '/api/bookings?date=2026-11-15');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Jadwal hanya bisa dilihat dari Senin, 16 November 2026 sampai Minggu, 21 Februari 2027.');
    expect((await requestJson(testApp.baseUrl, '/api/today')).body.window).toEqual({ from: '2026-11-16', to: '2027-02-21' });
  });
});
