import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

interface Entry {
  id: number;
  kind: string;
  date: string;
  member: { ref: string; name: string } | null;
  ref: string | null;
  detail: string;
  note: string;
  moneyIn: number;
  moneyOut: number;
  owed: number;
  duesMonth: string | null;
  corrects: { id: number; kind: string; date: string } | null;
  correctedBy: { id: number; date: string } | null;
  correctable: boolean;
  by: string;
}

describe(`the treasurer's book on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-20', '08:00');
  let api: ReturnType<typeof adminClient>;
  let admin: User;
  let cookie: string;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at, buildOptions: { provisionalChargeIntervalMs: 3_600_000 } });
    [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, RIZKY])) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function startDay(date: string, time = '08:00') {
    at = jakartaInstant(date, time);
    cookie = await loginCookie(testApp.baseUrl, admin);
    api = adminClient(testApp.baseUrl, cookie);
  }
  const overview = async () => (await api.get('/api/admin/kas')).body;
  const memberRef = async (name: string) =>
    ((await overview()).members as { ref: string; name: string }[]).find((member) => member.name === name)?.ref ?? '';
  const outstandingOf = async (ref: string) =>
    ((await overview()).outstanding as { ref: string; amount: number }[]).find((member) => member.ref === ref)?.amount ?? 0;
  const pay = (body: Record<string, unknown>) => api.post('/api/admin/kas/payments', { method: 'Tunai', date: '2026-11-20', ...body });
  const bookEntries = async (month: string) => (await api.get(`/api/admin/kas/book?month=${month}`)).body.entries as Entry[];
  async function csvOf(month?: string) {
    const reply = await fetch(`${testApp.baseUrl}/api/admin/kas.csv${month ? `?month=${month}` : ''}`, { headers: { cookie } });
    const rows = parse((await reply.text()).replace(/^\uFEFF/, '')) as string[][];
    return { disposition: reply.headers.get('content-disposition'), rows };
  }

  /** Rizky rides 10:00–12:00 on `date` and brings it back on time: Rp20.000 of rent. */
  async function chargedRide(date: string): Promise<string> {
    at = jakartaInstant(date, '07:00');
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name: 'Rizky Maulana', date, start: '10:00', end: '12:00' }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const token = reply.body.cancelToken as string;
    at = jakartaInstant(date, '10:00');
    await requestJson(testApp.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, event: 'pickup' } });
    at = jakartaInstant(date, '12:00');
    await requestJson(testApp.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, event: 'return', fuel: 'Penuh' } });
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', date)
      .where('start_time', '=', '10:00')
      .executeTakeFirstOrThrow();
    return row.ref ?? '';
  }

  it('writes a ride’s charge as an entry with its rule and times, and every change of it as another entry', async () => {
    const ref = await chargedRide('2026-11-20');
    await startDay('2026-11-20');
    let entries = (await bookEntries('2026-11')).filter((entry) => entry.ref === ref);
    expect(entries).toMatchObject([
      { kind: 'charge', date: '2026-11-20', owed: 20_000, moneyIn: 0, moneyOut: 0, detail: 'Sewa 2 jam Rp20.000' },
    ]);
    const basis = await testApp.db.kysely.selectFrom('ledger_entry').select('basis').where('kind', '=', 'charge').executeTakeFirstOrThrow();
    expect(JSON.parse(basis.basis ?? '')).toMatchObject({
      lines: [{ label: 'Sewa 2 jam', amount: 20_000 }],
      returnedAt: expect.any(String),
    });

    expect((await api.put(`/api/admin/kas/charges/${ref}`, { amount: 15_000, reason: 'Ban bocor' })).status).toBe(200);
    entries = (await bookEntries('2026-11')).filter((entry) => entry.ref === ref);
    expect(entries.map((entry) => [entry.kind, entry.owed, entry.note])).toEqual([
      ['charge-change', -5_000, 'Ban bocor'],
      ['charge', 20_000, ''],
    ]);
    const rizky = await memberRef('Rizky Maulana');
    expect(await outstandingOf(rizky)).toBe(15_000);
    const charge = entries.find((entry) => entry.kind === 'charge');
    const refused = await api.post(`/api/admin/kas/entries/${charge?.id}/correction`, { reason: 'Salah' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Tagihan diubah dengan Ubah, bukan Koreksi.');
  });

  it('a correction keeps the original, adds its reversal linked to it, and moves the balance back', async () => {
    await startDay('2026-11-21');
    const budi = await memberRef('Budi Santoso');
    const saved = await pay({ member: budi, amount: 100_000, date: '2026-11-21' });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Pembayaran Rp100.000 dari Budi Santoso dicatat.');
    expect((await overview()).balance).toBe(100_000);
    const [payment] = await bookEntries('2026-11');
    expect(payment).toMatchObject({ kind: 'payment', moneyIn: 100_000, correctable: true, by: 'Admin Uji' });

    const url = `/api/admin/kas/entries/${payment?.id}/correction`;
    expect((await api.post(url, { reason: '  ' })).body.errors).toEqual({ reason: 'Alasan koreksi harus diisi' });
    expect((await api.post('/api/admin/kas/entries/999999/correction', { reason: 'x' })).status).toBe(404);
    await startDay('2026-11-22', '09:00');
    const corrected = await api.post(url, { reason: 'Salah anggota' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(corrected.body.message).toBe('Koreksi pembayaran tagihan Rp100.000 dicatat.');
    expect((await overview()).balance).toBe(0);
    const [reversal, original] = await bookEntries('2026-11');
    expect(original).toMatchObject({
      id: payment?.id,
      moneyIn: 100_000,
      correctedBy: { id: reversal?.id, date: '2026-11-22' },
      correctable: false,
    });
    expect(reversal).toMatchObject({
      kind: 'correction',
      date: '2026-11-22',
      moneyOut: 100_000,
      owed: 100_000,
      note: 'Salah anggota',
      corrects: { id: payment?.id, kind: 'payment', date: '2026-11-21' },
      correctable: false,
    });
    const again = await api.post(url, { reason: 'Lagi' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Catatan ini sudah dikoreksi.');
    const rows = await testApp.db.kysely
      .selectFrom('ledger_entry')
      .select('id')
      .where('corrects_id', '=', payment?.id ?? 0)
      .execute();
    expect(rows).toHaveLength(1);
    const audit = (await api.get('/api/admin/audit')).body.entries as { action: string; detail: string }[];
    expect(audit[0]).toMatchObject({ action: 'entry-corrected', detail: 'Pembayaran tagihan Rp100.000, 2026-11-21: Salah anggota' });
  });

  it('dues never settle a charge, other income has no member, and both move the balance', async () => {
    await startDay('2026-11-23');
    const rizky = await memberRef('Rizky Maulana');
    const before = await overview();
    const owed = await outstandingOf(rizky);
    expect(owed).toBe(15_000);
    const dues = await pay({ type: 'dues', member: rizky, amount: 20_000, date: '2026-11-23', duesMonth: '2026-11' });
    expect(dues.body.message).toBe('Iuran Rp20.000 dari Rizky Maulana untuk November 2026 dicatat.');
    expect(await outstandingOf(rizky)).toBe(15_000);
    const statement = (await api.get(`/api/admin/kas/members/${rizky}`)).body;
    expect(statement).toMatchObject({ charges: 15_000, paid: 0, dues: 20_000, outstanding: 15_000 });
    expect(
      (statement.entries as { kind: string; charge: { paid: boolean } | null }[]).find((entry) => entry.kind === 'charge')?.charge?.paid,
    ).toBe(false);

    expect((await pay({ type: 'income', member: rizky, amount: 5_000 })).body.errors).toEqual({
      member: 'Pemasukan lain tidak untuk anggota',
    });
    expect((await pay({ type: 'dues', amount: 5_000 })).body.errors).toEqual({ member: 'Pilih anggota' });
    const income = await pay({ type: 'income', amount: 50_000, date: '2026-11-23', note: 'Jual ban bekas' });
    expect(income.body.message).toBe('Pemasukan lain Rp50.000 dicatat.');
    expect((await overview()).balance).toBe(before.balance + 70_000);

    const grid = (await api.get('/api/admin/kas/dues?year=2026')).body;
    expect(grid.months).toHaveLength(12);
    const row = (grid.members as { ref: string; paid: number[] }[]).find((member) => member.ref === rizky);
    expect(row?.paid[10]).toBe(20_000);
    expect(row?.paid.reduce((sum, amount) => sum + amount, 0)).toBe(20_000);

    expect((await pay({ type: 'payment', member: rizky, amount: 15_000, date: '2026-11-23' })).status).toBe(201);
    expect(await outstandingOf(rizky)).toBe(0);
  });

  it('shows a month with Saldo awal, Masuk, Keluar, Saldo akhir and twelve months of flows; its CSV adds up to them', async () => {
    await startDay('2026-12-03');
    const budi = await memberRef('Budi Santoso');
    expect((await pay({ member: budi, amount: 30_000, date: '2026-12-01' })).status).toBe(201);
    expect((await api.post('/api/admin/kas/expenses', { category: 'Bensin', amount: 12_000, date: '2026-12-02' })).status).toBe(201);
    const november = (await api.get('/api/admin/kas/book?month=2026-11')).body;
    const december = (await api.get('/api/admin/kas/book?month=2026-12')).body;
    expect(november.totals).toEqual({ opening: 0, in: 185_000, out: 100_000, closing: 85_000 });
    expect(december.totals).toEqual({ opening: 85_000, in: 30_000, out: 12_000, closing: 103_000 });
    expect((await overview()).balance).toBe(103_000);
    expect(december.flows).toHaveLength(12);
    expect(december.flows.at(-1)).toEqual({ month: '2026-12', in: 30_000, out: 12_000 });
    expect(december.flows.at(-2)).toEqual({ month: '2026-11', in: 185_000, out: 100_000 });
    expect(december.flows[0].month).toBe('2026-01');
    expect((await api.get('/api/admin/kas/book')).body.month).toBe('2026-12');

    const { disposition, rows } = await csvOf('2026-11');
    expect(disposition).toContain('filename="kas-2026-11.csv"');
    expect(rows[0]).toEqual(['Tanggal', 'Jenis', 'Anggota', 'Keterangan', 'Masuk', 'Keluar', 'Saldo']);
    expect(rows[1]).toEqual(['2026-11-01', 'Saldo awal', '', '', '', '', '0']);
    expect(rows.find((row) => row[1] === 'Koreksi')).toEqual([
      '2026-11-22',
      'Koreksi',
      'Budi Santoso',
      'Tunai; koreksi Pembayaran tagihan 2026-11-21; Salah anggota',
      '0',
      '100000',
      '0',
    ]);
    expect(rows.find((row) => row[1] === 'Tagihan')?.slice(4, 6)).toEqual(['', '']);
    const body = rows.slice(2, -1);
    const sum = (column: number) => body.reduce((total, row) => total + Number(row[column] || 0), 0);
    expect(sum(4) - sum(5)).toBe(november.totals.closing - november.totals.opening);
    expect(rows.at(-1)).toEqual(['', 'Jumlah', '', '', '185000', '100000', String(november.totals.closing)]);

    const whole = await csvOf();
    expect(whole.disposition).toContain('filename="kas-2026-11_2026-12.csv"');
    const all = whole.rows.slice(2, -1);
    const total = (column: number) => all.reduce((sum, row) => sum + Number(row[column] || 0), 0);
    expect(total(4) - total(5)).toBe((await overview()).balance);
    expect(whole.rows.at(-1)?.[6]).toBe(String(december.totals.closing));
  });
});
