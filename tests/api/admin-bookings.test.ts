import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addVoucher, bookingBody, isVoucherUsed, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';

describe(`the admin's bookings on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let admin: User;
  let cookie: string;
  let api: ReturnType<typeof adminClient>;
  const now = jakartaInstant(TODAY, '08:00');

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    [admin] = (await seedRoster(testApp.db)) as [User];
    cookie = await loginCookie(testApp.baseUrl, admin);
    api = adminClient(testApp.baseUrl, cookie);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const book = (overrides: Parameters<typeof bookingBody>[0]) => postBooking(testApp.baseUrl, bookingBody(overrides));
  const listRange = async (from: string, to: string) => (await api.get(`/api/admin/bookings?from=${from}&to=${to}`)).body.bookings;
  const auditEntries = async () => (await api.get('/api/admin/audit')).body.entries;
  const outboxCancellations = async () =>
    testApp.db.kysely.selectFrom('outbox').select('payload').where('kind', '=', 'booking-cancelled').execute();

  it('cancels a booking: the slot and the daily hours are free at once, with one notice and one audit entry', async () => {
    const date = '2026-11-24';
    expect((await book({ date, start: '09:00', end: '13:00' })).status).toBe(201);
    const [booking] = await listRange(date, date);
    expect(booking).toMatchObject({ date, start: '09:00', end: '13:00', name: 'Budi Santoso', class: 'PPTI 21', cancellation: null });
    expect(booking.ref).toMatch(/^[\w-]{16}$/);
    expect(JSON.stringify(booking)).not.toContain('"id"');
    expect((await book({ name: 'Rizky Maulana', date, start: '10:00', end: '11:00' })).status).toBe(422);
    const noticesBefore = (await outboxCancellations()).length;

    const reply = await api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: '  Motor di bengkel ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: 'Peminjaman dibatalkan.',
      booking: {
        ...booking,
        cancellation: { at: now.toISOString(), by: 'admin Admin Uji', reason: 'Motor di bengkel' },
        handover: { ...booking.handover, state: 'Dibatalkan' },
      },
    });

    expect((await listBookings(testApp.baseUrl, date)).body.bookings).toEqual([]);
    expect((await book({ name: 'Rizky Maulana', date, start: '10:00', end: '11:00' })).status).toBe(201);
    // Budi's 4 cancelled hours no longer count against his daily cap.
    expect((await book({ date, start: '14:00', end: '18:00' })).status).toBe(201);

    const notices = await outboxCancellations();
    expect(notices).toHaveLength(noticesBefore + 1);
    expect(JSON.parse(notices.at(-1)?.payload ?? '{}')).toMatchObject({ cancelledBy: 'admin Admin Uji', cancelReason: 'Motor di bengkel' });
    const cancelled = (await auditEntries()).filter((entry: { action: string }) => entry.action === 'booking-cancelled');
    expect(cancelled).toEqual([
      {
        at: now.toISOString(),
        who: 'Admin Uji',
        action: 'booking-cancelled',
        target: `Budi Santoso, ${date} 09:00–13:00`,
        detail: 'Motor di bengkel',
      },
    ]);
  });

  it('gives the voucher back and says so', async () => {
    await addVoucher(testApp.db, 'VCH-BACK22');
    const date = '2026-11-25';
    expect((await book({ date, start: '08:00', end: '09:00', reason: 'VCH-BACK22' })).status).toBe(201);
    const [booking] = await listRange(date, date);
    expect(booking.voucherCode).toBe('VCH-BACK22');
    const reply = await api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: 'Salah tanggal' });
    expect(reply.body.message).toBe('Peminjaman dibatalkan. Voucher VCH-BACK22 bisa dipakai lagi.');
    expect(await isVoucherUsed(testApp.db, 'VCH-BACK22')).toBe(false);
  });

  it('cancelling twice changes nothing the second time and says so', async () => {
    const date = '2026-11-26';
    await book({ date, start: '08:00', end: '09:00' });
    const [booking] = await listRange(date, date);
    expect((await api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: 'Pertama' })).status).toBe(200);
    const notices = (await outboxCancellations()).length;
    const entries = (await auditEntries()).length;
    const again = await api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: 'Kedua' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Peminjaman ini sudah dibatalkan.' });
    expect(await outboxCancellations()).toHaveLength(notices);
    expect(await auditEntries()).toHaveLength(entries);
    expect((await listRange(date, date))[0].cancellation.reason).toBe('Pertama');
  });

  it('requires a reason, and answers 404 for an unknown booking', async () => {
    const date = '2026-11-27';
    await book({ date, start: '08:00', end: '09:00' });
    const [booking] = await listRange(date, date);
    for (const body of [{}, { reason: '   ' }]) {
      const reply = await api.post(`/api/admin/bookings/${booking.ref}/cancel`, body);
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ reason: 'Alasan pembatalan harus diisi' });
    }
    expect((await listRange(date, date))[0].cancellation).toBeNull();
    const unknown = await api.post('/api/admin/bookings/AAAAAAAAAAAAAAAA/cancel', { reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Peminjaman tidak ditemukan.' });
  });

  it('lists today to 30 days ahead by default, cancelled ones included, in date order', async () => {
    await book({ date: '2026-12-22', start: '08:00', end: '09:00', name: 'Rizky Maulana' });
    await book({ date: '2026-12-23', start: '08:00', end: '09:00', name: 'Rizky Maulana' });
    const reply = await api.get('/api/admin/bookings');
    expect(reply.status).toBe(200);
    expect(reply.body.from).toBe(TODAY);
    expect(reply.body.to).toBe('2026-12-22');
    const dates = reply.body.bookings.map((booking: { date: string }) => booking.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates).toContain('2026-12-22');
    expect(dates).not.toContain('2026-12-23');
    expect(reply.body.bookings.some((booking: { cancellation: unknown }) => booking.cancellation !== null)).toBe(true);
  });

  it('refuses a backwards or too wide range, and a date that is not one', async () => {
    expect((await api.get('/api/admin/bookings?from=2026-12-02&to=2026-12-01')).body.errors).toEqual({
      to: 'Tanggal Sampai tidak boleh sebelum tanggal Dari',
    });
    expect((await api.get('/api/admin/bookings?from=2026-01-01&to=2027-01-02')).body.errors).toEqual({
      to: 'Rentang tanggal maksimal 366 hari',
    });
    const bad = await api.get('/api/admin/bookings?from=kemarin');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ from: 'Dari tidak valid' });
  });

  it('exports the range as CSV: BOM, a header naming APP_TIMEZONE, one booking per row, quoting, cancelled ones with their status, times on the app’s wall clock', async () => {
    const date = '2026-12-05';
    await book({ date, start: '08:00', end: '09:00', reason: 'Rapat, "penting"\nlalu pulang' });
    await book({ date, start: '10:00', end: '11:00', name: 'Rizky Maulana', reason: 'Beli buku' });
    const [first] = await listRange(date, date);
    await api.post(`/api/admin/bookings/${first.ref}/cancel`, { reason: 'Batal, "hujan"' });

    const response = await fetch(`${testApp.baseUrl}/api/admin/bookings.csv?from=${date}&to=${date}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="peminjaman-${date}-${date}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFF' +
        'Tanggal,Mulai,Selesai,Tanggal selesai,Nama,Kelas,Alasan,STNK,Voucher,Dibuat (Asia/Jakarta),Status,Dibatalkan oleh,Alasan pembatalan,Dibatalkan pada (Asia/Jakarta),' +
        'Keadaan,Diambil (Asia/Jakarta),Diambil dicatat oleh,Bensin saat diambil,Kembali (Asia/Jakarta),Kembali dicatat oleh,Bensin saat kembali,Kilometer,STNK kembali,Catatan kondisi,Keperluan\r\n' +
        `${date},08:00,09:00,${date},Budi Santoso,PPTI 21,"Rapat, ""penting""\nlalu pulang",Tidak,,${TODAY} 08:00,Dibatalkan,admin Admin Uji,"Batal, ""hujan""",${TODAY} 08:00,Dibatalkan,,,,,,,,,,Pribadi\r\n` +
        `${date},10:00,11:00,${date},Rizky Maulana,PPTI 22,Beli buku,Tidak,,${TODAY} 08:00,Aktif,,,,Dijadwalkan,,,,,,,,,,Pribadi\r\n`,
    );
  });

  it('answers 401 without a session, and 403 to a state change from another site or without proof of its origin', async () => {
    const date = '2026-11-28';
    await book({ date, start: '08:00', end: '09:00' });
    const [booking] = await listRange(date, date);
    const path = `/api/admin/bookings/${booking.ref}/cancel`;
    for (const listPath of ['/api/admin/bookings', '/api/admin/bookings.csv', '/api/admin/members', '/api/admin/audit']) {
      expect((await requestJson(testApp.baseUrl, listPath)).status).toBe(401);
    }
    expect((await requestJson(testApp.baseUrl, path, { body: { reason: 'x' }, headers: { origin: testApp.baseUrl } })).status).toBe(401);
    const foreign = await requestJson(testApp.baseUrl, path, {
      body: { reason: 'x' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Permintaan ditolak' });
    expect((await requestJson(testApp.baseUrl, path, { body: { reason: 'x' }, headers: { cookie } })).status).toBe(403);
    const crossSite = { cookie, 'sec-fetch-site': 'cross-site' };
    expect((await requestJson(testApp.baseUrl, path, { body: { reason: 'x' }, headers: crossSite })).status).toBe(403);
    expect((await listRange(date, date))[0].cancellation).toBeNull();
    const sameOrigin = { cookie, 'sec-fetch-site': 'same-origin' };
    expect((await requestJson(testApp.baseUrl, path, { body: { reason: 'x' }, headers: sameOrigin })).status).toBe(200);
  });
});
