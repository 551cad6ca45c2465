import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBookingsResponseSchema } from '../../src/domain/schemas/bookings';
import { bookingBody, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`listing a date's bookings on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '10:00') });
    await seedRoster(testApp.db, [BUDI, SITI, RIZKY]);
    for (const [name, date, start, end] of [
      ['Siti Rahmawati', '2026-12-01', '13:00', '15:00'],
      ['Budi Santoso', '2026-12-01', '08:00', '10:00'],
      ['Rizky Maulana', '2026-12-01', '10:00', '11:30'],
      ['Budi Santoso', '2026-12-02', '08:00', '09:00'],
    ] as const) {
      expect((await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end, reason: 'rahasia' }))).status).toBe(201);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers that date’s bookings sorted by start, with name and class, never ids or reasons', async () => {
    const reply = await listBookings(testApp.baseUrl, '2026-12-01');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(listBookingsResponseSchema.parse(reply.body)).toEqual(reply.body);
    const plain = { continuesFromPreviousDay: false, continuesNextDay: false, stage: 'booked' };
    expect(reply.body).toEqual({
      date: '2026-12-01',
      bookings: [
        { start: '08:00', end: '10:00', name: 'Budi Santoso', class: 'PPTI 21', ...plain },
        { start: '10:00', end: '11:30', name: 'Rizky Maulana', class: 'PPTI 22', ...plain },
        { start: '13:00', end: '15:00', name: 'Siti Rahmawati', class: 'PPTI 21', ...plain },
      ],
    });
    expect(JSON.stringify(reply.body)).not.toContain('rahasia');
  });

  it('answers an empty list for a date without bookings', async () => {
    expect((await listBookings(testApp.baseUrl, '2026-12-03')).body).toEqual({ date: '2026-12-03', bookings: [] });
  });

  it.each([
    ['', { date: 'Tanggal peminjaman harus diisi' }],
    ['?date=', { date: 'Tanggal peminjaman harus diisi' }],
    ['?date=2026-02-30', { date: 'Tanggal tidak valid' }],
    ['?date=1%2F12%2F2026', { date: 'Tanggal tidak valid' }],
    ['?date=2026-12-01&date=2026-12-02', { date: 'Tanggal tidak valid' }],
    ['?date=2026-12-01&user=1', { user: 'Kolom user tidak dikenal' }],
  ])('answers 400 to %j', async (query, errors) => {
    const reply = await requestJson(testApp.baseUrl, `/api/bookings${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Data yang dikirim tidak valid', errors });
  });

  it('gives the type-ahead names and classes only, never ids', async () => {
    const reply = await requestJson(testApp.baseUrl, '/api/roster');
    expect(reply.body.users).toEqual([
      { name: 'Budi Santoso', class: 'PPTI 21' },
      { name: 'Rizky Maulana', class: 'PPTI 22' },
      { name: 'Siti Rahmawati', class: 'PPTI 21' },
    ]);
  });
});
