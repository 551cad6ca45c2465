import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHandover } from '../../src/server/handover/service';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { CLASS_ROSTER, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

type AdminRow = { ref: string; end: string; handover: Record<string, unknown> & { state: string; late: boolean } };

describe(`the handover of the bike on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;
  let cookie: string;
  let admin: User;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  const clock = (date: string, time: string, seconds = 0) => {
    at = new Date(jakartaInstant(date, time).getTime() + seconds * 1000);
  };
  // Each test's day is later than the last session's expiry.
  async function signIn() {
    cookie = await loginCookie(testApp.baseUrl, admin);
    api = adminClient(testApp.baseUrl, cookie);
  }
  async function startDay(date: string) {
    clock(date, '08:00');
    await signIn();
  }
  async function book(overrides: Parameters<typeof bookingBody>[0]): Promise<{ token: string; ref: string }> {
    const reply = await postBooking(testApp.baseUrl, bookingBody(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const date = overrides?.date ?? bookingBody().date;
    const listed = (await api.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings as { ref: string; start: string }[];
    const ref = listed.find((booking) => booking.start === (overrides?.start ?? '08:00'))?.ref ?? '';
    return { token: reply.body.cancelToken, ref };
  }
  const press = (token: string, body: Record<string, unknown>) =>
    requestJson(testApp.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, ...body } });
  const adminBooking = async (date: string, ref: string) =>
    ((await api.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings as AdminRow[]).find((b) => b.ref === ref) as AdminRow;
  const owner = { kind: 'owner' as const, name: null };

  it('takes the borrower’s pickup from 30 minutes before the start and a return with fuel; an early return frees the rest of the slot', async () => {
    const date = '2026-11-27';
    await startDay(date);
    const { token, ref } = await book({ date, start: '10:00', end: '12:00', needStnk: 'ya' });

    clock(date, '09:29');
    const early = await press(token, { event: 'pickup' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Motor baru bisa diambil 30 menit sebelum jam mulai.');
    expect((await press(token, { event: 'return', fuel: 'Penuh' })).body.message).toBe('Motor belum tercatat diambil.');

    clock(date, '09:45');
    const pickup = await press(token, { event: 'pickup', fuel: 'Penuh' });
    expect(pickup.status).toBe(200);
    expect(pickup.headers.get('cache-control')).toBe('no-store');
    expect(pickup.body.booking.handover).toMatchObject({
      stage: 'pickedUp',
      state: 'Sedang dipakai',
      pickedUpAt: '09:45',
      returnOpen: true,
    });
    expect(pickup.body.message).toBeUndefined();
    const again = await press(token, { event: 'pickup' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Sudah tercatat diambil jam 09:45 oleh peminjam.');

    clock(date, '10:50', 30);
    const noFuel = await press(token, { event: 'return' });
    expect(noFuel.status).toBe(400);
    expect(noFuel.body.errors).toEqual({ fuel: 'Pilih sisa bensin' });
    expect((await press(token, { event: 'return', fuel: 'Setengah' })).body.errors).toEqual({ fuel: 'Pilih sisa bensin' });
    expect((await press(token, { event: 'return', fuel: '1/2', note: 'x'.repeat(501) })).body.errors).toEqual({
      note: 'Catatan kondisi maksimal 500 karakter',
    });
    expect((await press(token, { event: 'return', fuel: '1/2', note: 'Lecet\u0000' })).body.errors).toEqual({
      note: 'Catatan kondisi berisi karakter yang tidak diizinkan',
    });
    expect((await press(token, { event: 'return', fuel: '1/2', km: 12.5 })).body.errors).toEqual({
      km: 'Kilometer harus berupa angka bulat',
    });

    const back = await press(token, { event: 'return', fuel: '1/2', km: 12_000, note: 'Lecet kecil di spion', stnkBack: true });
    expect(back.status).toBe(200);
    expect(back.body.booking.handover).toMatchObject({ stage: 'returned', state: 'Selesai', returnedAt: '10:50', returnOpen: false });

    const day = (await listBookings(testApp.baseUrl, date)).body;
    expect(day.bookings).toEqual([expect.objectContaining({ start: '10:00', end: '10:51', stage: 'returned' })]);
    expect(JSON.stringify(day)).not.toMatch(/Lecet|Penuh|12000|peminjam|1\/2/);
    await book({ name: 'Siti Rahmawati', date, start: '10:51', end: '12:00' });

    const stored = await adminBooking(date, ref);
    expect(stored.end).toBe('10:51');
    expect(stored.handover).toMatchObject({
      stage: 'returned',
      state: 'Selesai',
      bookedEnd: '12:00',
      pickup: { at: jakartaInstant(date, '09:45').toISOString(), by: 'peminjam' },
      fuelOut: 'Penuh',
      return: { by: 'peminjam' },
      fuelBack: '1/2',
      km: 12_000,
      stnkBack: true,
      note: 'Lecet kecil di spion',
    });
    const motor = (await api.get('/api/admin/motor')).body;
    expect(motor.motorbike).toEqual({ name: 'Motor PPTI 21', plate: '', lastKm: 12_000, lastFuel: '1/2' });
    expect(motor.loans[0]).toMatchObject({ ref, name: 'Budi Santoso', handover: { km: 12_000 } });
  });

  it('refuses kilometres below the last known, and lets the owner’s record stand over the borrower’s later press', async () => {
    const date = '2026-11-28';
    await startDay(date);
    const { token, ref } = await book({ date, start: '10:00', end: '11:00' });
    clock(date, '10:02');
    const byOwner = await recordHandover(
      testApp.db,
      { ref },
      { event: 'pickup', by: owner, now: at, timeZone: 'Asia/Jakarta', graceMinutes: 10 },
    );
    expect(byOwner.kind).toBe('recorded');
    const later = await press(token, { event: 'pickup' });
    expect(later.body.message).toBe('Sudah tercatat diambil jam 10:02 oleh pemilik.');

    clock(date, '10:40');
    const below = await press(token, { event: 'return', fuel: '1/4', km: 11_999 });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ km: 'Kilometer tidak boleh lebih kecil dari 12.000 km' });
    expect((await press(token, { event: 'return', fuel: '1/4', km: 12_040 })).status).toBe(200);
    const ownerLate = await recordHandover(
      testApp.db,
      { ref },
      { event: 'return', by: owner, now: at, timeZone: 'Asia/Jakarta', graceMinutes: 10, fuel: 'Penuh' },
    );
    expect(ownerLate).toMatchObject({ kind: 'already', message: 'Sudah tercatat kembali jam 10:40 oleh peminjam.' });
    expect((await api.get('/api/admin/motor')).body.loans[0]).toMatchObject({ ref, kmDriven: 40 });
  });

  it('calls a loan out past its end late only after the grace, refuses a booking starting within 3 hours then, and warns the next borrower', async () => {
    const date = '2026-11-29';
    await startDay(date);
    const late = await book({ date, start: '10:00', end: '12:00' });
    const next = await book({ name: 'Siti Rahmawati', date, start: '13:00', end: '14:00' });
    clock(date, '10:00');
    expect((await press(late.token, { event: 'pickup' })).status).toBe(200);

    clock(date, '12:10');
    expect((await adminBooking(date, late.ref)).handover).toMatchObject({ state: 'Sedang dipakai', late: false });
    expect((await api.get(`/api/admin/bookings?from=${date}&to=${date}&state=late`)).body.bookings).toEqual([]);
    expect(
      (await requestJson(testApp.baseUrl, '/api/bookings/by-token', { method: 'POST', body: { token: next.token } })).body.booking.handover,
    ).toMatchObject({ waitsForLateBike: false });

    clock(date, '12:11');
    expect((await adminBooking(date, late.ref)).handover).toMatchObject({ state: 'Terlambat 11 menit', late: true });
    expect(
      ((await api.get(`/api/admin/bookings?from=${date}&to=${date}&state=late`)).body.bookings as { ref: string }[]).map((b) => b.ref),
    ).toEqual([late.ref]);
    const card = await requestJson(testApp.baseUrl, '/api/bookings/by-token', { method: 'POST', body: { token: next.token } });
    expect(card.body.booking.handover).toMatchObject({ state: 'Dijadwalkan', waitsForLateBike: true });

    const refused = await postBooking(testApp.baseUrl, bookingBody({ name: 'Rizky Maulana', date, start: '14:00', end: '15:00' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ start: 'Motor belum dikembalikan peminjam sebelumnya.' });
    await book({ name: 'Rizky Maulana', date, start: '15:11', end: '16:00' });

    clock(date, '12:30');
    expect((await press(late.token, { event: 'return', fuel: 'Hampir habis' })).status).toBe(200);
    expect((await listBookings(testApp.baseUrl, date)).body.bookings[0]).toMatchObject({ start: '10:00', end: '12:30', stage: 'returned' });
    await book({ name: 'Rizky Maulana', date, start: '14:00', end: '15:00' });
  });

  it('tells every page of a loan still out since yesterday, and the admin’s Terlambat finds it from any range', async () => {
    const date = '2026-12-03';
    await startDay(date);
    const { token, ref } = await book({ date, start: '20:00', end: '22:00' });
    clock(date, '20:00');
    expect((await press(token, { event: 'pickup' })).status).toBe(200);
    clock('2026-12-04', '00:30');
    const loan = { name: 'Budi Santoso', class: 'PPTI 21', date, start: '20:00', end: '22:00', endDate: date };
    expect((await requestJson(testApp.baseUrl, '/api/today')).body.loansOut).toEqual([loan]);
    const html = await (await fetch(`${testApp.baseUrl}/`)).text();
    expect(html).toContain(JSON.stringify(loan));
    await signIn();
    const late = await api.get('/api/admin/bookings?from=2026-12-04&to=2026-12-10&state=late');
    expect((late.body.bookings as { ref: string }[]).map((booking) => booking.ref)).toEqual([ref]);
    expect((await press(token, { event: 'return', fuel: '1/2' })).status).toBe(200);
    expect((await requestJson(testApp.baseUrl, '/api/today')).body.loansOut).toEqual([]);
  });

  it('lets an admin record and correct each instant, audited with the old and new value, and release a no-show', async () => {
    const date = '2026-11-30';
    await startDay(date);
    const { ref } = await book({ date, start: '10:00', end: '12:00' });
    const other = await book({ name: 'Siti Rahmawati', date, start: '14:00', end: '16:00' });

    clock(date, '10:30');
    const url = `/api/admin/bookings/${ref}/handover`;
    const recorded = await api.post(url, { event: 'pickup', date, time: '10:05', fuel: '3/4' });
    expect(recorded.status).toBe(200);
    expect(recorded.body.handover).toMatchObject({ stage: 'pickedUp', pickup: { by: 'admin Admin Uji' }, fuelOut: '3/4' });
    const corrected = await api.post(url, { event: 'pickup', date, time: '10:20' });
    expect(corrected.body.handover.pickup.at).toBe(jakartaInstant(date, '10:20').toISOString());
    const future = await api.post(url, { event: 'return', date, time: '11:15', km: 12_100 });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('Waktu di luar masa peminjaman.');
    clock(date, '11:45');
    const returned = await api.post(url, { event: 'return', date, time: '11:15', km: 12_100 });
    expect(returned.status).toBe(200);
    expect((await adminBooking(date, ref)).end).toBe('11:15');
    expect((await api.post(url, { event: 'return', date, time: '11:30', note: 'Ban kempis' })).status).toBe(200);
    expect((await adminBooking(date, ref)).end).toBe('11:30');

    const entries = (await api.get('/api/admin/audit')).body.entries as { action: string; detail: string; target: string }[];
    const mine = entries.filter((entry) => entry.target === `Budi Santoso, ${date} 10:00`).map((entry) => [entry.action, entry.detail]);
    expect(mine).toEqual([
      ['handover-corrected', `Kembali: ${date} 11:15 → ${date} 11:30; Catatan kondisi: - → Ban kempis`],
      ['handover-recorded', `Kembali: ${date} 11:15; Kilometer: 12100`],
      ['handover-corrected', `Diambil: ${date} 10:05 → ${date} 10:20`],
      ['handover-recorded', `Diambil: ${date} 10:05`],
    ]);

    expect((await api.post(url, { event: 'return', date, time: '11:30', note: '' })).status).toBe(200);
    expect((await adminBooking(date, ref)).handover.note).toBeNull();

    const otherUrl = `/api/admin/bookings/${other.ref}/handover`;
    clock(date, '14:00');
    const tooSoon = await api.post(otherUrl, { event: 'release', date, time: '13:59' });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe('Jadwal baru bisa dilepas setelah jam mulai.');
    clock(date, '14:31');
    expect((await api.post(otherUrl, { event: 'release', date, time: '14:30' })).status).toBe(200);
    expect((await adminBooking(date, other.ref)).handover).toMatchObject({ stage: 'released', state: 'Tidak diambil' });
    expect((await listBookings(testApp.baseUrl, date)).body.bookings.at(-1)).toMatchObject({
      start: '14:00',
      end: '14:30',
      stage: 'released',
    });
    await book({ name: 'Rizky Maulana', date, start: '14:45', end: '15:45' });
    expect((await api.post(otherUrl, { event: 'pickup', date, time: '14:40' })).body.message).toBe(
      'Jadwal sudah dilepas jam 14:30 oleh admin Admin Uji.',
    );

    expect((await api.post(url, { event: 'lost', date, time: '10:00' })).status).toBe(400);
    expect((await api.post(url, { event: 'pickup', date: '2026-02-30', time: '10:00' })).status).toBe(400);
    expect((await api.post('/api/admin/bookings/AAAAAAAAAAAAAAAA/handover', { event: 'pickup', date, time: '10:00' })).status).toBe(404);
  });

  it('refuses any handover of a cancelled booking, and keeps the booking’s secret as its only proof', async () => {
    const date = '2026-12-01';
    await startDay(date);
    const { token } = await book({ date, start: '10:00', end: '11:00' });
    expect((await requestJson(testApp.baseUrl, '/api/bookings/cancel', { method: 'POST', body: { token } })).status).toBe(200);
    clock(date, '09:45');
    const refused = await press(token, { event: 'pickup' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Peminjaman ini sudah dibatalkan.');
    expect((await press('A'.repeat(22), { event: 'pickup' })).status).toBe(404);
    expect((await press(token, { event: 'release' })).status).toBe(400);
  });

  it('edits the bike’s record, audited, refusing control characters and line breaks', async () => {
    await startDay('2026-12-02');
    const edited = await api.put('/api/admin/motor', { name: 'Motor PPTI 21', plate: 'B 1234 XYZ', lastKm: 12_500 });
    expect(edited.status).toBe(200);
    expect(edited.body.motorbike).toMatchObject({ plate: 'B 1234 XYZ', lastKm: 12_500 });
    expect((await api.put('/api/admin/motor', { name: 'Motor\nPPTI', plate: '', lastKm: null })).body.errors).toEqual({
      name: 'Nama motor berisi karakter yang tidak diizinkan',
    });
    expect((await api.put('/api/admin/motor', { name: 'Motor', plate: 'B\u001b[31m', lastKm: null })).status).toBe(400);
    const entries = (await api.get('/api/admin/audit')).body.entries as { action: string; detail: string }[];
    expect(entries[0]).toMatchObject({ action: 'motorbike-edited', detail: 'Nomor polisi: - → B 1234 XYZ; Kilometer: 12100 → 12500' });
  });

  it('writes the handover columns into the CSV, times on APP_TIMEZONE’s wall clock', async () => {
    await startDay('2026-12-02');
    const response = await fetch(`${testApp.baseUrl}/api/admin/bookings.csv?from=2026-11-27&to=2026-11-27`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const [header, ...rows] = parse(await response.text(), { bom: true }) as string[][];
    const budi = rows.find((row) => row[4] === 'Budi Santoso') ?? [];
    const columns = (header ?? []).slice(14);
    expect(columns).toEqual([
      'Keadaan',
      'Diambil (Asia/Jakarta)',
      'Diambil dicatat oleh',
      'Bensin saat diambil',
      'Kembali (Asia/Jakarta)',
      'Kembali dicatat oleh',
      'Bensin saat kembali',
      'Kilometer',
      'STNK kembali',
      'Catatan kondisi',
      'Keperluan',
    ]);
    expect(budi.slice(14)).toEqual([
      'Selesai',
      '2026-11-27 09:45',
      'peminjam',
      'Penuh',
      '2026-11-27 10:50',
      'peminjam',
      '1/2',
      '12000',
      'Ya',
      'Lecet kecil di spion',
      'Pribadi',
    ]);
  });
});
