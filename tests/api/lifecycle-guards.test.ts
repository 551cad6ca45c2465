import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const HANDED_OVER = 'Peminjaman yang sudah diambil tidak bisa dibatalkan.';
const OUTSIDE = 'Waktu di luar masa peminjaman.';
const ROSTER = [ADMIN, ...['Siswa 1', 'Siswa 2', 'Siswa 3', 'Siswa 4', 'Siswa 5'].map((name) => ({ name, class: 'PPTI 21' }))];

describe(`the loan's lifecycle guards on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;
  let admin: User;
  /** Moves the app clock and signs in again: a session does not outlive the jump. */
  const clock = async (date: string, time: string) => {
    at = jakartaInstant(date, time);
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  };

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    [admin] = (await seedRoster(testApp.db, ROSTER)) as [User];
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    await testApp.db.kysely.updateTable('motorbike').set({ last_km: 12_000 }).execute();
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function book(name: string, date: string, start: string, end: string): Promise<{ token: string; ref: string }> {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end, needStnk: 'tidak' }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', date)
      .where('start_time', '=', start)
      .executeTakeFirstOrThrow();
    return { token: reply.body.cancelToken, ref: row.ref ?? '' };
  }
  const record = (ref: string, body: Record<string, unknown>) => api.post(`/api/admin/bookings/${ref}/handover`, body);
  const borrower = (token: string, body: Record<string, unknown>) =>
    requestJson(testApp.baseUrl, '/api/bookings/handover', { body: { token, ...body } });
  const row = (ref: string) => testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const charge = async (ref: string) => {
    const { id } = await row(ref);
    return testApp.db.kysely.selectFrom('charge').select(['amount', 'computed_total']).where('booking_id', '=', id).executeTakeFirst();
  };
  const lastKm = async () => (await testApp.db.kysely.selectFrom('motorbike').select('last_km').executeTakeFirstOrThrow()).last_km;

  it('a returned, charged loan survives Batalkan semua of a period, an admin’s cancel and its charge stays', async () => {
    const date = '2026-11-27';
    const loan = await book('Siswa 1', date, '10:00', '12:00');
    const inside = await book('Siswa 2', date, '15:00', '16:00');
    await clock(date, '12:40');
    expect((await record(loan.ref, { event: 'pickup', date, time: '10:00', fuel: 'Penuh' })).status).toBe(200);
    expect((await record(loan.ref, { event: 'return', date, time: '12:30', fuel: 'Penuh' })).status).toBe(200);
    const charged = await charge(loan.ref);
    expect(charged?.amount).toBeGreaterThan(0);

    const refused = await api.post(`/api/admin/bookings/${loan.ref}/cancel`, { reason: 'Salah catat' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(HANDED_OVER);

    // The period reaches back over the loan's own hours, as one recorded late would.
    const created = await api.post('/api/admin/out-of-service', {
      period: { fromDate: date, fromTime: '09:00', untilDate: date, untilTime: '18:00', reason: 'Ban bocor' },
      decision: 'cancel',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await row(inside.ref)).cancelled_at).not.toBeNull();
    expect((await row(loan.ref)).cancelled_at).toBeNull();
    expect(await charge(loan.ref)).toEqual(charged);
  });

  it('a loan picked up before its start cannot be cancelled by the borrower, the admin or a period', async () => {
    const date = '2026-11-28';
    await clock('2026-11-27', '20:00');
    const loan = await book('Siswa 3', date, '10:00', '12:00');
    await clock(date, '09:40');
    expect((await borrower(loan.token, { event: 'pickup' })).status).toBe(200);
    const own = await requestJson(testApp.baseUrl, '/api/bookings/cancel', { body: { token: loan.token } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(HANDED_OVER);
    const byAdmin = await api.post(`/api/admin/bookings/${loan.ref}/cancel`, { reason: 'Salah catat' });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.message).toBe(HANDED_OVER);
    const period = await api.post('/api/admin/out-of-service', {
      period: { fromDate: date, fromTime: '09:45', untilDate: date, untilTime: '13:00', reason: 'Oli bocor' },
      decision: 'cancel',
    });
    expect(period.status, JSON.stringify(period.body)).toBe(201);
    expect(await row(loan.ref)).toMatchObject({ cancelled_at: null, picked_up_by_kind: 'borrower' });
  });

  it('an admin’s time lies between 24 hours before the start and now; 2099-12-31 is refused with 400, never 500', async () => {
    const date = '2026-11-29';
    await clock('2026-11-28', '20:00');
    const loan = await book('Siswa 4', date, '10:00', '12:00');
    await clock(date, '13:00');
    for (const body of [
      { event: 'return', date: '2099-12-31', time: '23:59', fuel: 'Penuh' },
      { event: 'pickup', date: '2026-11-28', time: '09:59' },
      { event: 'pickup', date, time: '13:01' },
      { event: 'release', date: '2099-12-31', time: '10:00' },
    ]) {
      const reply = await record(loan.ref, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(OUTSIDE);
    }
    expect((await record(loan.ref, { event: 'pickup', date: '2026-11-28', time: '10:00' })).status).toBe(200);
    expect((await record(loan.ref, { event: 'return', date, time: '12:00', fuel: 'Penuh' })).status).toBe(200);
    // A correction is held to the same bounds.
    const corrected = await record(loan.ref, { event: 'return', date: '2099-12-31', time: '23:59' });
    expect(corrected.status).toBe(400);
    expect(corrected.body.message).toBe(OUTSIDE);
    expect((await row(loan.ref)).returned_at).toBe(jakartaInstant(date, '12:00').toISOString());
    expect((await charge(loan.ref))?.amount).toBeLessThan(2_147_483_647);
  });

  it('a borrower’s reading more than 500 km above the last is refused, an honest one taken; an admin records a jump, audited', async () => {
    const date = '2026-11-30';
    await clock('2026-11-29', '20:00');
    const first = await book('Siswa 5', date, '08:00', '09:00');
    const second = await book('Siswa 1', date, '10:00', '11:00');
    await clock(date, '08:00');
    expect((await borrower(first.token, { event: 'pickup' })).status).toBe(200);
    const base = (await lastKm()) ?? 0;
    const poisoned = await borrower(first.token, { event: 'return', fuel: 'Penuh', km: 9_999_999 });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.errors.km).toBe(
      `Kilometer terlalu jauh dari catatan terakhir (${new Intl.NumberFormat('id-ID').format(base)} km).`,
    );
    expect((await row(first.ref)).returned_at).toBeNull();
    expect((await borrower(first.token, { event: 'return', fuel: 'Penuh', km: base + 100 })).status).toBe(200);
    expect(await lastKm()).toBe(base + 100);

    await clock(date, '11:30');
    const jump = await record(second.ref, { event: 'return', date, time: '11:00', fuel: '1/2', km: 60_000 });
    expect(jump.status).toBe(200);
    expect(await lastKm()).toBe(60_000);
    const entries = (await api.get('/api/admin/audit')).body.entries as { action: string; detail: string; target: string }[];
    expect(entries.find((entry) => entry.target === `Siswa 1, ${date} 10:00`)).toMatchObject({
      action: 'handover-recorded',
      detail: `Kembali: ${date} 11:00; Kilometer: 60000`,
    });
    // The admin fixes the typo: the last reading is the latest by time, not the largest ever.
    expect((await record(second.ref, { event: 'return', date, time: '11:00', km: base + 200 })).status).toBe(200);
    expect(await lastKm()).toBe(base + 200);
    // A correction of the earlier loan leaves the later reading standing.
    expect((await record(first.ref, { event: 'return', date, time: '08:00', km: base + 150 })).status).toBe(200);
    expect(await lastKm()).toBe(base + 200);
  });
});
