import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPeriodsBackInService, findBookingsToTellBack, findWarnedBookings } from '../../src/server/out-of-service/service';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { addVoucher, bookingBody, isVoucherUsed, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, manyStudents, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const STUDENTS = manyStudents('Siswa', 12);
const ROSTER = [ADMIN, BUDI, ...STUDENTS];

describe(`Tidak tersedia periods on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    const [admin] = (await seedRoster(testApp.db, ROSTER)) as [User];
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const period = (fromDate: string, fromTime: string, until: [string, string] | null, reason: string) => ({
    fromDate,
    fromTime,
    untilDate: until?.[0] ?? null,
    untilTime: until?.[1] ?? null,
    reason,
  });
  async function book(overrides: Parameters<typeof bookingBody>[0]): Promise<string> {
    const reply = await postBooking(testApp.baseUrl, bookingBody(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.cancelToken;
  }
  const card = async (token: string) =>
    (await requestJson(testApp.baseUrl, '/api/bookings/by-tokens', { method: 'POST', body: { tokens: [token] } })).body.bookings[0];
  const refusalOf = async (overrides: Parameters<typeof bookingBody>[0]) => {
    const reply = await postBooking(testApp.baseUrl, bookingBody(overrides));
    expect(reply.status).toBe(422);
    return reply.body.errors.start as string;
  };
  const outboxRows = (prefix: string) =>
    testApp.db.kysely.selectFrom('outbox').select(['kind', 'payload', 'dedupe_key']).where('dedupe_key', 'like', `${prefix}%`).execute();

  it('refuses a booking inside a period, allows touching edges, refuses an open-ended one and an overnight voucher reaching in', async () => {
    const created = await api.post('/api/admin/out-of-service', {
      period: period('2026-11-27', '10:00', ['2026-11-27', '14:00'], 'Servis'),
      decision: 'keep',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await refusalOf({ date: '2026-11-27', start: '11:00', end: '12:00' })).toBe(
      'Motor tidak tersedia (Servis) sampai Jumat, 27 November 2026 jam 14:00.',
    );
    expect(await refusalOf({ date: '2026-11-27', start: '09:00', end: '10:30' })).toContain('Servis');
    await book({ date: '2026-11-27', start: '08:00', end: '10:00' });
    await book({ date: '2026-11-27', start: '14:00', end: '16:00' });

    await api.post('/api/admin/out-of-service', {
      period: period('2026-11-28', '01:00', ['2026-11-28', '02:00'], 'Ganti oli'),
      decision: 'keep',
    });
    await addVoucher(testApp.db, 'VCH-NIGHT1');
    expect(await refusalOf({ date: '2026-11-27', start: '22:00', end: '23:00', reason: 'VCH-NIGHT1' })).toContain('Ganti oli');
    expect(await isVoucherUsed(testApp.db, 'VCH-NIGHT1')).toBe(false);

    const open = await api.post('/api/admin/out-of-service', {
      period: period('2026-12-05', '08:00', null, 'Ban bocor'),
      decision: 'keep',
    });
    expect(await refusalOf({ date: '2026-12-07', start: '08:00', end: '09:00' })).toBe('Motor tidak tersedia (Ban bocor).');
    // Ended before it began, it never blocks anything.
    expect((await api.post(`/api/admin/out-of-service/${open.body.period.ref}/end`)).body.period).toMatchObject({
      untilDate: '2026-12-05',
      untilTime: '08:00',
    });
    await book({ date: '2026-12-07', start: '08:00', end: '09:00' });
  });

  it('lists the bookings inside before the admin confirms, and refuses a bad reason or an end before the start', async () => {
    await book({ name: 'Siswa 1', date: '2026-11-30', start: '08:00', end: '10:00' });
    const preview = await api.post('/api/admin/out-of-service/preview', period('2026-11-30', '09:00', ['2026-11-30', '12:00'], 'Servis'));
    expect(preview.status).toBe(200);
    expect(preview.body.affected).toEqual([
      { date: '2026-11-30', start: '08:00', end: '10:00', endDate: '2026-11-30', name: 'Siswa 1', class: 'PPTI 21' },
    ]);
    const empty = await api.post('/api/admin/out-of-service/preview', period('2026-11-30', '09:00', ['2026-11-30', '12:00'], '   '));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toBe('Alasan harus diisi');
    const long = await api.post(
      '/api/admin/out-of-service/preview',
      period('2026-11-30', '09:00', ['2026-11-30', '12:00'], 'x'.repeat(201)),
    );
    expect(long.body.errors.reason).toBe('Alasan paling panjang 200 karakter');
    const backwards = await api.post('/api/admin/out-of-service/preview', period('2026-11-30', '12:00', ['2026-11-30', '09:00'], 'Servis'));
    expect(backwards.body.errors.until).toBe('Sampai harus sesudah mulai');
    expect((await requestJson(testApp.baseUrl, '/api/admin/out-of-service/preview', { method: 'POST', body: {} })).status).toBe(401);
  });

  it('Batalkan semua cancels each booking through the cancellation service: vouchers back, the card says why, the owner told once', async () => {
    const first = await book({ name: 'Siswa 2', date: '2026-12-01', start: '08:00', end: '10:00' });
    await addVoucher(testApp.db, 'VCH-BACK01');
    const second = await book({ name: 'Siswa 3', date: '2026-12-01', start: '11:00', end: '12:00', reason: 'VCH-BACK01' });
    const outside = await book({ name: 'Siswa 4', date: '2026-12-01', start: '18:00', end: '19:00' });
    const created = await api.post('/api/admin/out-of-service', {
      period: period('2026-12-01', '07:00', ['2026-12-01', '17:00'], 'Ban bocor'),
      decision: 'cancel',
    });
    expect(created.status).toBe(201);
    expect(created.body.period).toMatchObject({ reason: 'Ban bocor', cancelled: 2, warned: 0, createdBy: 'Admin Uji' });

    for (const token of [first, second]) {
      expect(await card(token)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Motor tidak tersedia: Ban bocor' } });
    }
    expect((await card(outside)).status).not.toBe('cancelled');
    expect(await isVoucherUsed(testApp.db, 'VCH-BACK01')).toBe(false);

    const owner = await outboxRows(`out-of-service-cancelled:${created.body.period.ref}`);
    expect(owner).toHaveLength(1);
    expect(JSON.parse(owner[0]?.payload ?? '{}').text).toBe('2 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).');
    const perBooking = await testApp.db.kysely.selectFrom('outbox').select('payload').where('kind', '=', 'booking-cancelled').execute();
    expect(perBooking).toHaveLength(0);

    const stored = await testApp.db.kysely
      .selectFrom('out_of_service')
      .select('id')
      .where('ref', '=', created.body.period.ref)
      .executeTakeFirstOrThrow();
    expect((await findBookingsToTellBack(testApp.db.kysely, stored.id)).map((booking) => booking.name)).toEqual(['Siswa 2', 'Siswa 3']);
    expect(await findWarnedBookings(testApp.db.kysely, stored.id)).toEqual([]);
  });

  it('Biarkan only warns: the bookings stand and their card says the bike may not be ready', async () => {
    const token = await book({ name: 'Siswa 5', date: '2026-12-02', start: '08:00', end: '10:00' });
    const created = await api.post('/api/admin/out-of-service', {
      period: period('2026-12-02', '07:00', ['2026-12-02', '09:00'], 'Servis rem'),
      decision: 'keep',
    });
    expect(created.body.period).toMatchObject({ cancelled: 0, warned: 1 });
    expect(await card(token)).toMatchObject({
      status: 'upcoming',
      cancellation: null,
      notice: { text: 'Motor mungkin belum bisa dipakai untuk peminjamanmu Rabu, 2 Desember 2026 08:00-10:00: Servis rem.' },
    });
    const stored = await testApp.db.kysely
      .selectFrom('out_of_service')
      .select('id')
      .where('ref', '=', created.body.period.ref)
      .executeTakeFirstOrThrow();
    expect((await findWarnedBookings(testApp.db.kysely, stored.id)).map((booking) => booking.name)).toEqual(['Siswa 5']);
    expect(await findBookingsToTellBack(testApp.db.kysely, stored.id)).toEqual([]);
    // Ended before the booking starts, the period no longer reaches it: the warning goes.
    expect((await api.post(`/api/admin/out-of-service/${created.body.period.ref}/end`)).status).toBe(200);
    expect((await card(token)).notice).toBeUndefined();
  });

  it('ending early frees the time at once, is audited, shows on /api/today, and is claimed once for the borrowers it cancelled', async () => {
    at = jakartaInstant('2026-11-26', '08:00');
    const cancelledToken = await book({ name: 'Siswa 6', date: '2026-11-26', start: '15:00', end: '16:00' });
    const created = await api.post('/api/admin/out-of-service', {
      period: period('2026-11-26', '08:00', null, 'Ban bocor'),
      decision: 'cancel',
    });
    // Open-ended from now: every booking from now on is inside.
    expect(created.body.period.cancelled).toBeGreaterThanOrEqual(1);
    expect((await card(cancelledToken)).status).toBe('cancelled');
    const today = (await requestJson(testApp.baseUrl, '/api/today')).body;
    expect(today.outOfService.now).toBe('Motor tidak tersedia (Ban bocor).');
    expect(today.outOfService.days['2026-11-26']).toContainEqual({ from: 480, to: 1440, reason: 'Ban bocor' });
    expect(today.outOfService.days['2027-02-24']).toContainEqual({ from: 0, to: 1440, reason: 'Ban bocor' });
    expect(today.outOfService.days['2026-11-25']).toBeUndefined();
    expect((await api.get('/api/admin/out-of-service')).body.current).toMatchObject({ reason: 'Ban bocor' });
    expect(await refusalOf({ name: 'Siswa 7', date: '2026-11-26', start: '09:00', end: '10:00' })).toBe(
      'Motor tidak tersedia (Ban bocor).',
    );
    // Not over yet (a period ended earlier in this file may be told now).
    const early = await claimPeriodsBackInService(testApp.db, { now: at, timeZone: 'Asia/Jakarta' });
    expect(early.map((entry) => entry.period.ref)).not.toContain(created.body.period.ref);

    at = jakartaInstant('2026-11-26', '08:40');
    const ended = await api.post(`/api/admin/out-of-service/${created.body.period.ref}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.period).toMatchObject({ untilDate: '2026-11-26', untilTime: '08:40', endedBy: 'Admin Uji' });
    await book({ name: 'Siswa 7', date: '2026-11-26', start: '09:00', end: '10:00' });
    expect((await api.post(`/api/admin/out-of-service/${created.body.period.ref}/end`)).status).toBe(409);
    expect((await api.get('/api/admin/out-of-service')).body.current).toBeNull();
    const after = (await requestJson(testApp.baseUrl, '/api/today')).body.outOfService;
    expect(after.now).toBeNull();
    expect(after.days['2026-11-26']).toContainEqual({ from: 480, to: 520, reason: 'Ban bocor' });
    expect(after.days['2026-11-27'] ?? []).not.toContainEqual(expect.objectContaining({ reason: 'Ban bocor' }));

    const audit = (await api.get('/api/admin/audit?page=1')).body.entries as { action: string; detail: string }[];
    expect(audit.find((entry) => entry.action === 'out-of-service-ended')?.detail).toBe('… → 2026-11-26 08:40');

    const claimed = await claimPeriodsBackInService(testApp.db, { now: at, timeZone: 'Asia/Jakarta' });
    const mine = claimed.find((entry) => entry.period.ref === created.body.period.ref);
    expect(mine?.cancelled.map((booking) => booking.name)).toContain('Siswa 6');
    expect(await claimPeriodsBackInService(testApp.db, { now: at, timeZone: 'Asia/Jakarta' })).toEqual([]);
  });

  it('never leaves a booking inside a cancelling period made while bookings arrive (the booking lock covers both)', async () => {
    at = jakartaInstant('2026-11-26', '09:00');
    const date = '2026-12-03';
    const bookings = STUDENTS.slice(0, 10).map((student, index) =>
      postBooking(
        testApp.baseUrl,
        bookingBody({
          name: student.name,
          date,
          start: `${String(8 + index).padStart(2, '0')}:00`,
          end: `${String(8 + index).padStart(2, '0')}:30`,
        }),
      ),
    );
    const creating = api.post('/api/admin/out-of-service', {
      period: period(date, '06:00', [date, '23:00'], 'Turun mesin'),
      decision: 'cancel',
    });
    const replies = await Promise.all([...bookings, creating]);
    expect(replies.at(-1)?.status).toBe(201);
    const standing = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('start_time')
      .where('borrow_date', '=', date)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(standing).toEqual([]);
    const created = replies.filter((reply) => reply.status === 201).length - 1;
    expect(replies.at(-1)?.body.period.cancelled).toBe(created);
  });
});
