import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`Saya sudah bayar on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-20', '07:00');
  let admin: User;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at, buildOptions: { provisionalChargeIntervalMs: 3_600_000 } });
    [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, RIZKY])) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (path: string, body: unknown) => requestJson(testApp.baseUrl, path, { method: 'POST', body });
  const claim = (token: string) => post('/api/bookings/charge-paid', { token });
  const own = async (token: string) => (await post('/api/bookings/by-token', { token })).body.booking;
  async function admins() {
    return adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  }

  /** Rizky rides 10:00–12:00 on `date`, back on time: Rp20.000. */
  async function chargedRide(date: string): Promise<string> {
    at = jakartaInstant(date, '07:00');
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name: 'Rizky Maulana', date, start: '10:00', end: '12:00' }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const token = reply.body.cancelToken as string;
    at = jakartaInstant(date, '10:00');
    await post('/api/bookings/handover', { token, event: 'pickup' });
    at = jakartaInstant(date, '12:00');
    await post('/api/bookings/handover', { token, event: 'return', fuel: 'Penuh' });
    return token;
  }

  it('waits for the treasurer and moves nothing until confirmed; a confirmation pays the charge once', async () => {
    const token = await chargedRide('2026-11-20');
    let api = await admins();
    const rizkyOwes = async () =>
      ((await api.get('/api/admin/kas')).body.outstanding as { name: string; amount: number }[])[0]?.amount ?? 0;
    expect(await rizkyOwes()).toBe(20_000);

    const pressed = await claim(token);
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
    expect(pressed.body.message).toBe('Menunggu konfirmasi bendahara.');
    expect((await claim(token)).status).toBe(200);
    expect((await own(token)).charge).toMatchObject({ amount: 20_000, paid: false, claim: 'pending' });
    let overview = (await api.get('/api/admin/kas')).body;
    expect(overview.balance).toBe(0);
    expect(await rizkyOwes()).toBe(20_000);
    expect(overview.claims).toMatchObject([{ member: { name: 'Rizky Maulana' }, amount: 20_000, loanDate: '2026-11-20' }]);
    expect(await testApp.db.kysely.selectFrom('ledger_entry').select('id').where('kind', '=', 'payment').execute()).toEqual([]);

    at = jakartaInstant('2026-11-21', '08:00');
    api = await admins();
    const id = overview.claims[0].id as number;
    const confirmed = await api.post(`/api/admin/kas/claims/${id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.message).toBe('Pembayaran Rp20.000 dari Rizky Maulana dicatat.');
    expect((await api.post(`/api/admin/kas/claims/${id}/confirm`)).status).toBe(409);
    expect((await api.post(`/api/admin/kas/claims/${id}/refuse`)).body.message).toBe('Pembayaran ini sudah diputuskan.');
    overview = (await api.get('/api/admin/kas')).body;
    expect(overview.balance).toBe(20_000);
    expect(overview.outstanding).toEqual([]);
    expect(overview.claims).toEqual([]);
    expect((await own(token)).charge).toMatchObject({ paid: true, claim: null });
    const book = (await api.get('/api/admin/kas/book?month=2026-11')).body.entries as {
      kind: string;
      date: string;
      detail: string;
      moneyIn: number;
    }[];
    expect(book[0]).toMatchObject({ kind: 'payment', date: '2026-11-21', detail: 'Saya sudah bayar', moneyIn: 20_000 });
    expect((await claim(token)).body.message).toBe('Tagihan ini sudah lunas.');
  });

  it('a refusal moves nothing and the student may press again; no charge, no claim; an unknown secret is 404', async () => {
    const token = await chargedRide('2026-11-24');
    expect((await claim(token)).status).toBe(200);
    const api = await admins();
    const [pending] = (await api.get('/api/admin/kas')).body.claims as { id: number }[];
    const refused = await api.post(`/api/admin/kas/claims/${pending?.id}/refuse`);
    expect(refused.body.message).toBe('Pembayaran Rp20.000 dari Rizky Maulana ditolak.');
    expect((await own(token)).charge).toMatchObject({ paid: false, claim: 'refused' });
    expect((await api.get('/api/admin/kas')).body.balance).toBe(20_000);
    expect((await claim(token)).status).toBe(200);
    expect((await own(token)).charge.claim).toBe('pending');
    expect((await api.post('/api/admin/kas/claims/999999/confirm')).status).toBe(404);

    at = jakartaInstant('2026-11-25', '07:00');
    const free = await postBooking(
      testApp.baseUrl,
      bookingBody({ name: 'Budi Santoso', date: '2026-11-26', start: '10:00', end: '11:00' }),
    );
    const noCharge = await claim(free.body.cancelToken);
    expect(noCharge.status).toBe(409);
    expect(noCharge.body.message).toBe('Tidak ada tagihan untuk peminjaman ini.');
    expect((await claim('x'.repeat(43))).status).toBe(404);
  });
});
