import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/executor';
import { installSubscribers } from '../../src/server/events/bus';
import { writeDueProvisionalCharges } from '../../src/server/fund/charges';
import { findCharge } from '../../src/server/fund/repository';
import { recordHandover } from '../../src/server/handover/service';
import type { User } from '../../src/server/roster/repository';
import { subscribers } from '../../src/server/subscribers';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const ROSTER = [ADMIN, BUDI, RIZKY, { name: 'Dewi Lestari', class: 'PPTI 23' }, { name: 'Joko Widodo', class: 'PPTI 22' }];
const TZ = 'Asia/Jakarta';

describe(`the class fund on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;
  let admin: User;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at, buildOptions: { provisionalChargeIntervalMs: 3_600_000 } });
    [admin] = (await seedRoster(testApp.db, ROSTER)) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  const clock = (date: string, time: string) => {
    at = jakartaInstant(date, time);
  };
  async function startDay(date: string) {
    clock(date, '08:00');
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  }
  async function book(body: Parameters<typeof bookingBody>[0]): Promise<{ token: string; ref: string; id: number }> {
    const reply = await postBooking(testApp.baseUrl, bookingBody(body));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select(['id', 'ref'])
      .where('borrow_date', '=', body?.date ?? '')
      .where('start_time', '=', body?.start ?? '')
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { token: reply.body.cancelToken, ref: row.ref ?? '', id: row.id };
  }
  const press = (token: string, body: Record<string, unknown>) =>
    requestJson(testApp.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, ...body } });
  const own = async (token: string) =>
    (await requestJson(testApp.baseUrl, '/api/bookings/by-token', { method: 'POST', body: { token } })).body.booking;
  const provisional = () => writeDueProvisionalCharges(testApp.db, { now: at, timeZone: TZ, graceMinutes: 10 });
  const overview = async () => (await api.get('/api/admin/kas')).body;
  const memberRef = async (name: string) =>
    ((await overview()).members as { ref: string; name: string }[]).find((member) => member.name === name)?.ref ?? '';

  it('writes a return’s charge in the return’s own transaction: inside it the charge is there, and a failure after it undoes both', async () => {
    const date = '2026-11-27';
    await startDay(date);
    const loan = await book({ name: 'Rizky Maulana', date, start: '10:00', end: '12:00' });
    clock(date, '10:00');
    expect((await press(loan.token, { event: 'pickup' })).status).toBe(200);
    clock(date, '12:00');
    let seenInside: unknown;
    // One more subscriber after the app's own: it runs inside the return's transaction, then fails.
    const crashAfterReturn = async (trx: Executor) => {
      seenInside = await findCharge(trx, loan.id);
      throw new Error('crash between the return and the commit');
    };
    installSubscribers({ ...subscribers, loanReturned: [...subscribers.loanReturned, crashAfterReturn] });
    try {
      await expect(
        recordHandover(
          testApp.db,
          { ref: loan.ref },
          { event: 'return', by: { kind: 'owner', name: null }, now: at, timeZone: TZ, graceMinutes: 10, fuel: 'Penuh' },
        ),
      ).rejects.toThrow('crash between');
    } finally {
      installSubscribers(subscribers);
    }
    expect(seenInside).toMatchObject({ computedTotal: 20_000, provisional: false });
    expect(await findCharge(testApp.db.kysely, loan.id)).toBeUndefined();
    expect((await own(loan.token)).handover.stage).toBe('pickedUp');

    expect((await press(loan.token, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    const charges = await testApp.db.kysely.selectFrom('charge').selectAll().where('booking_id', '=', loan.id).execute();
    expect(charges).toHaveLength(1);
    expect((await own(loan.token)).charge).toEqual({
      lines: [{ label: 'Sewa 2 jam', amount: 20_000 }],
      computed: 20_000,
      amount: 20_000,
      provisional: false,
      changed: false,
      paid: false,
      howToPay: null,
      qris: false,
      claim: null,
    });
  });

  it('writes a provisional charge once when end + grace passes with no return, and recomputes it at the return', async () => {
    const date = '2026-11-28';
    await startDay(date);
    const loan = await book({ name: 'Dewi Lestari', date, start: '10:00', end: '12:00' });
    clock(date, '10:00');
    await press(loan.token, { event: 'pickup' });
    clock(date, '12:10');
    expect(await provisional()).toBe(0);
    clock(date, '12:11');
    expect(await provisional()).toBe(1);
    expect(await provisional()).toBe(0);
    expect((await own(loan.token)).charge).toMatchObject({ lines: [{ label: 'Sewa 2 jam', amount: 20_000 }], provisional: true });

    clock(date, '12:40');
    expect((await press(loan.token, { event: 'return', fuel: '1/2' })).status).toBe(200);
    expect((await own(loan.token)).charge).toMatchObject({
      lines: [
        { label: 'Sewa 3 jam', amount: 30_000 },
        { label: 'Denda terlambat 1 jam', amount: 10_000 },
      ],
      amount: 40_000,
      provisional: false,
    });
    expect(await testApp.db.kysely.selectFrom('charge').select('id').where('booking_id', '=', loan.id).execute()).toHaveLength(1);
  });

  it('takes a provisional charge of a booking nobody picked up back to Rp0 when it is released, and keeps the row', async () => {
    const date = '2026-11-29';
    await startDay(date);
    const loan = await book({ name: 'Joko Widodo', date, start: '10:00', end: '11:00' });
    clock(date, '11:11');
    expect(await provisional()).toBe(1);
    expect((await own(loan.token)).charge).toMatchObject({ amount: 10_000, provisional: true });
    const release = await api.post(`/api/admin/bookings/${loan.ref}/handover`, { event: 'release', date, time: '10:30' });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    expect((await own(loan.token)).charge).toEqual({
      lines: [],
      computed: 0,
      amount: 0,
      provisional: false,
      changed: false,
      paid: true,
      howToPay: null,
      qris: false,
      claim: null,
    });
  });

  it('lets an admin change or waive a charge with a reason, audited with the old and new amount; a recompute keeps the admin’s amount', async () => {
    const date = '2026-11-30';
    await startDay(date);
    const loan = await book({ name: 'Rizky Maulana', date, start: '13:00', end: '15:00' });
    clock(date, '13:00');
    await press(loan.token, { event: 'pickup' });
    clock(date, '15:30');
    await press(loan.token, { event: 'return', fuel: 'Penuh' });
    expect((await own(loan.token)).charge.amount).toBe(40_000);

    expect((await api.put(`/api/admin/kas/charges/${loan.ref}`, { amount: 25_000, reason: '   ' })).body.errors).toEqual({
      reason: 'Alasan perubahan harus diisi',
    });
    expect((await api.put(`/api/admin/kas/charges/${loan.ref}`, { amount: -1, reason: 'x' })).body.errors).toEqual({
      amount: 'Jumlah tidak valid',
    });
    expect((await api.put('/api/admin/kas/charges/nope', { amount: 1, reason: 'x' })).status).toBe(404);
    const changed = await api.put(`/api/admin/kas/charges/${loan.ref}`, { amount: 25_000, reason: 'Ban bocor di jalan' });
    expect(changed.status).toBe(200);
    const audit = (await api.get('/api/admin/audit')).body.entries as { action: string; target: string; detail: string }[];
    expect(audit[0]).toMatchObject({
      action: 'charge-changed',
      target: `Rizky Maulana, ${date} 13:00`,
      detail: 'Rp40.000 → Rp25.000: Ban bocor di jalan',
    });

    const corrected = await api.post(`/api/admin/bookings/${loan.ref}/handover`, { event: 'return', date, time: '15:05' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await own(loan.token)).charge).toMatchObject({
      lines: [{ label: 'Sewa 2 jam', amount: 20_000 }],
      computed: 20_000,
      amount: 25_000,
      changed: true,
    });
  });

  it('moves Sisa tagihan and Saldo kas exactly with payments and expenses, settles charges oldest first, and the CSV sums to the balance', async () => {
    await startDay('2026-12-01');
    const rizky = await memberRef('Rizky Maulana');
    const before = await overview();
    expect(before.outstanding.find((member: { ref: string }) => member.ref === rizky)).toMatchObject({ amount: 45_000 });
    expect(before.balance).toBe(0);

    const pay = (body: Record<string, unknown>) => api.post('/api/admin/kas/payments', { method: 'Tunai', date: '2026-12-01', ...body });
    expect((await pay({ member: rizky, amount: 20_000, note: 'Cicilan' })).status).toBe(201);
    let now = await overview();
    expect(now.balance).toBe(20_000);
    expect(now.outstanding.find((member: { ref: string }) => member.ref === rizky).amount).toBe(25_000);
    const book = (await api.get(`/api/admin/kas/members/${rizky}`)).body;
    const charges = (book.entries as { kind: string; date: string; charge: { paid: boolean } }[]).filter(
      (entry) => entry.kind === 'charge',
    );
    expect(charges.map((entry) => [entry.date, entry.charge.paid])).toEqual([
      ['2026-11-30', false],
      ['2026-11-27', true],
    ]);

    expect(
      (await api.post('/api/admin/kas/expenses', { category: 'Bensin', amount: 15_000, date: '2026-12-01', note: 'Isi penuh' })).status,
    ).toBe(201);
    expect((await overview()).balance).toBe(5_000);
    expect((await pay({ member: rizky, amount: 25_000, method: 'QRIS' })).status).toBe(201);
    now = await overview();
    expect(now.balance).toBe(30_000);
    expect(now.outstanding.map((member: { ref: string }) => member.ref)).not.toContain(rizky);
    expect(now.totalOutstanding).toBe(40_000);

    const audit = (await api.get('/api/admin/audit')).body.entries as { action: string; target: string; detail: string }[];
    expect(audit.slice(0, 3).map((entry) => entry.action)).toEqual(['payment-recorded', 'expense-recorded', 'payment-recorded']);
    expect(audit[2]).toMatchObject({ target: 'Rizky Maulana', detail: 'Rp20.000, Tunai, 2026-12-01, Cicilan' });

    const csv = await fetch(`${testApp.baseUrl}/api/admin/kas.csv`, { headers: { cookie: await loginCookieHeader() } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parse((await csv.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(['Tanggal', 'Jenis', 'Anggota', 'Keterangan', 'Masuk', 'Keluar', 'Saldo']);
    const total = (column: number) => rows.slice(1, -1).reduce((sum, row) => sum + Number(row[column] || 0), 0);
    expect(total(4) - total(5)).toBe(now.balance);
    expect(rows.at(-1)).toEqual(['', 'Jumlah', '', '', String(total(4)), String(total(5)), String(now.balance)]);
  });

  async function loginCookieHeader(): Promise<string> {
    return loginCookie(testApp.baseUrl, admin);
  }

  it('refuses bad amounts, future dates, long notes, unknown or deactivated members with the field named, and neutralises formulas in the CSV', async () => {
    await startDay('2026-12-02');
    const budi = await memberRef('Budi Santoso');
    const pay = (body: Record<string, unknown>) =>
      api.post('/api/admin/kas/payments', { member: budi, amount: 10_000, method: 'Transfer', date: '2026-12-02', ...body });
    for (const amount of [0, -5, 1.5, 10_000_001, '10000', null]) {
      const reply = await pay({ amount });
      expect(reply.status, String(amount)).toBe(400);
      expect(reply.body.errors).toEqual({ amount: 'Jumlah tidak valid' });
    }
    expect((await pay({ amount: 10_000_000, note: '=HYPERLINK("x")' })).status).toBe(201);
    expect((await pay({ date: '2026-12-03' })).body.errors).toEqual({ date: 'Tanggal tidak boleh di masa depan' });
    expect((await pay({ note: 'x'.repeat(201) })).body.errors).toEqual({ note: 'Catatan maksimal 200 karakter' });
    expect((await pay({ date: '2026-02-30' })).body.errors).toEqual({ date: 'Tanggal tidak valid' });
    expect(Object.keys((await pay({ note: 'Lunas\u0000' })).body.errors)).toEqual(['note']);
    expect((await pay({ method: 'Cek' })).body.errors).toEqual({ method: 'Pilih cara bayar' });
    expect((await pay({ member: 'no-such-member' })).body.errors).toEqual({ member: 'Anggota tidak ditemukan' });
    const joko = await memberRef('Joko Widodo');
    expect((await api.post(`/api/admin/members/${joko}/deactivate`)).status).toBe(200);
    expect((await pay({ member: joko })).body.errors).toEqual({ member: 'Anggota sudah nonaktif' });
    const expense = (body: Record<string, unknown>) =>
      api.post('/api/admin/kas/expenses', { category: 'Servis', amount: 50_000, date: '2026-12-02', ...body });
    expect((await expense({ amount: 0 })).body.errors).toEqual({ amount: 'Jumlah tidak valid' });
    expect((await expense({ category: 'Jajan' })).body.errors).toEqual({ category: 'Pilih kategori' });
    expect((await expense({ date: '2026-12-03' })).body.errors).toEqual({ date: 'Tanggal tidak boleh di masa depan' });
    expect((await api.get('/api/admin/kas/book?month=2026-13')).status).toBe(400);

    const december = (await api.get('/api/admin/kas/book?month=2026-12')).body;
    expect((december.entries as { date: string }[]).every((entry) => entry.date.startsWith('2026-12-'))).toBe(true);
    const csv = await (
      await fetch(`${testApp.baseUrl}/api/admin/kas.csv?month=2026-12`, { headers: { cookie: await loginCookieHeader() } })
    ).text();
    const cells = (parse(csv.replace(/^\uFEFF/, '')) as string[][]).flat();
    expect(cells).toContain('Transfer; =HYPERLINK("x")');
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect((await requestJson(testApp.baseUrl, '/api/admin/kas')).status).toBe(401);
  });
});
