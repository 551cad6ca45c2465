import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingResponseSchema } from '../../src/domain/schemas/bookings';
import { addVoucher, bookingBody, countRows, isVoucherUsed, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, idsByName, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';

describe(`booking rules over HTTP on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let ids: Map<string, string>;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant(TODAY, '10:00') });
    ids = idsByName(
      await seedRoster(testApp.db, [
        BUDI,
        SITI,
        { name: 'Andi Pratama', class: 'ppti 21' },
        { name: 'Dewi Lestari', class: 'PPTI 21' },
        RIZKY,
      ]),
    );
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (overrides: Parameters<typeof bookingBody>[0]) => postBooking(testApp.baseUrl, bookingBody(overrides));

  it('creates a booking and answers it whole, with no-store', async () => {
    const reply = await post({
      name: 'Budi Santoso',
      date: '2026-12-01',
      start: '08:00',
      end: '10:00',
      reason: '  Ke kampus ',
      needStnk: 'ya',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const { booking } = createBookingResponseSchema.parse(reply.body);
    expect(booking).toEqual({
      name: 'Budi Santoso',
      class: 'PPTI 21',
      date: '2026-12-01',
      start: '08:00',
      end: '10:00',
      endDate: '2026-12-01',
      reason: 'Ke kampus',
      needStnk: true,
      usedVoucher: false,
    });
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .selectAll()
      .where('borrow_date', '=', '2026-12-01')
      .where('start_time', '=', '08:00')
      .executeTakeFirstOrThrow();
    expect({ ...row, need_stnk: Boolean(row.need_stnk) }).toEqual({
      id: expect.any(Number),
      users_id: ids.get('Budi Santoso'),
      borrow_date: '2026-12-01',
      start_time: '08:00',
      end_time: '10:00',
      end_date: '2026-12-01',
      reason: 'Ke kampus',
      need_stnk: true,
      voucher_code: null,
      created_at: jakartaInstant(TODAY, '10:00').toISOString(),
      ref: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      cancelled_at: null,
      cancelled_by_kind: null,
      cancelled_by_user_id: null,
      cancel_reason: null,
      cancel_token_hash: createHash('sha256').update(reply.body.cancelToken).digest('hex'),
      purpose: 'personal',
      motorbike_id: 1,
      ...Object.fromEntries(
        [
          'picked_up_at',
          'picked_up_by_kind',
          'picked_up_by_name',
          'fuel_out',
          'returned_at',
          'returned_by_kind',
          'returned_by_name',
          'fuel_back',
          'km_back',
          'stnk_back',
          'condition_note',
          'released_at',
          'released_by_kind',
          'released_by_name',
          'booked_end_date',
          'booked_end_time',
        ].map((column) => [column, null]),
      ),
    });
  });

  it('records a notice for the owner in the outbox with the booking', async () => {
    const before = await countRows(testApp.db, 'outbox');
    const reply = await post({ name: 'Siti Rahmawati', date: '2026-12-02', start: '13:00', end: '14:30', reason: 'Beli buku' });
    expect(reply.status).toBe(201);
    expect(await countRows(testApp.db, 'outbox')).toBe(before + 1);
    const notice = await testApp.db.kysely.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.kind).toBe('booking');
    expect(JSON.parse(notice.payload)).toEqual({
      name: 'Siti Rahmawati',
      class: 'PPTI 21',
      date: '2026-12-02',
      start: '13:00',
      end: '14:30',
      endDate: '2026-12-02',
      reason: 'Beli buku',
      needStnk: false,
      voucherCode: null,
      purpose: 'personal',
      ref: (await testApp.db.kysely.selectFrom('borrow_request').select('ref').orderBy('id', 'desc').executeTakeFirstOrThrow()).ref,
    });
    // One notice per booking, whoever inserts it.
    expect(notice.dedupe_key).toMatch(/^booking:[A-Za-z0-9_-]{16}$/);
  });

  it.each([
    ['ya', true],
    ['tidak', false],
    ['', false],
  ] as const)('stores the STNK choice %j as %s', async (needStnk, stored) => {
    const date = { ya: '2026-12-03', tidak: '2026-12-04', '': '2026-12-05' }[needStnk];
    const reply = await post({ name: 'Dewi Lestari', date, needStnk });
    expect(reply.status).toBe(201);
    expect(reply.body.booking.needStnk).toBe(stored);
  });

  it('reports every missing field at once with 422, and writes nothing', async () => {
    const before = await countRows(testApp.db, 'borrow_request');
    const reply = await post({ name: ' ', date: '', start: '', end: '', reason: '', needStnk: '' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      errors: {
        name: 'Nama peminjam harus diisi',
        date: 'Tanggal peminjaman harus diisi',
        start: 'Jam mulai harus diisi',
        end: 'Jam selesai harus diisi',
        reason: 'Alasan peminjaman harus diisi',
      },
    });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(before);
  });

  it('refuses a name that is not on the roster', async () => {
    const reply = await post({ name: 'Orang Asing', date: '2026-12-06' });
    expect(reply).toMatchObject({ status: 422, body: { errors: { name: 'Nama peminjam tidak ditemukan' } } });
  });

  it('finds the name whatever its case and surrounding spaces, and answers it as stored', async () => {
    const reply = await post({ name: '  BUDI santoso ', date: '2026-12-06' });
    expect(reply.status).toBe(201);
    expect(reply.body.booking.name).toBe('Budi Santoso');
  });

  type Case = [string, Parameters<typeof bookingBody>[0], number, Record<string, string> | undefined];
  const cases: Case[] = [
    ['end equal to start', { start: '10:00', end: '10:00' }, 422, { end: 'Jam selesai harus lebih besar dari jam mulai' }],
    ['end before start', { start: '10:00', end: '09:00' }, 422, { end: 'Jam selesai harus lebih besar dari jam mulai' }],
    ['yesterday', { date: '2026-11-21' }, 422, { date: 'Tanggal tidak boleh di masa lalu' }],
    ['today', { date: TODAY, start: '20:00', end: '21:00' }, 201, undefined],
    ['exactly 4 h for PPTI 21', { date: '2026-12-10', start: '08:00', end: '12:00' }, 201, undefined],
    ['4 h 1 min for PPTI 21', { date: '2026-12-11', start: '08:00', end: '12:01' }, 422, { end: 'Kelas PPTI 21 hanya boleh pinjam 4 jam' }],
  ];
  it.each(cases)('Budi books %s: %i', async (_title, overrides, status, errors) => {
    const reply = await post({ name: 'Budi Santoso', date: '2026-12-09', ...overrides });
    expect(reply.status).toBe(status);
    if (errors) expect(reply.body).toEqual({ errors });
  });

  it('compares the class case-insensitively and names it as stored', async () => {
    expect((await post({ name: 'Andi Pratama', date: '2026-12-12', start: '08:00', end: '12:00' })).status).toBe(201);
    const reply = await post({ name: 'Andi Pratama', date: '2026-12-13', start: '08:00', end: '12:01' });
    expect(reply.body).toEqual({ errors: { end: 'Kelas ppti 21 hanya boleh pinjam 4 jam' } });
  });

  it('lets another class book 3 hours and not 3 hours 1 minute', async () => {
    expect((await post({ name: 'Rizky Maulana', date: '2026-12-14', start: '08:00', end: '11:00' })).status).toBe(201);
    const reply = await post({ name: 'Rizky Maulana', date: '2026-12-15', start: '08:00', end: '11:01' });
    expect(reply).toMatchObject({ status: 422, body: { errors: { end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam' } } });
  });

  it('caps a student’s day at 4 hours, and counts what is booked already', async () => {
    const date = '2026-12-16';
    expect((await post({ name: 'Siti Rahmawati', date, start: '08:00', end: '10:30' })).status).toBe(201);
    const over = await post({ name: 'Siti Rahmawati', date, start: '13:00', end: '14:31' });
    expect(over).toMatchObject({ status: 422, body: { errors: { end: 'Kamu udah pinjam 2,5 jam hari ini (maks 4 jam)' } } });
    expect((await post({ name: 'Siti Rahmawati', date, start: '13:00', end: '14:30' })).status).toBe(201);
    const full = await post({ name: 'Siti Rahmawati', date, start: '16:00', end: '16:30' });
    expect(full.body).toEqual({ errors: { end: 'Kamu udah pinjam 4 jam hari ini (maks 4 jam)' } });
    expect((await post({ name: 'Budi Santoso', date, start: '16:00', end: '16:30' })).status).toBe(201);
  });

  it('refuses an overlap with anyone’s booking and lets touching bookings pass', async () => {
    const date = '2026-12-17';
    expect((await post({ name: 'Budi Santoso', date, start: '10:00', end: '12:00' })).status).toBe(201);
    expect((await post({ name: 'Siti Rahmawati', date, start: '08:00', end: '10:00' })).status).toBe(201);
    expect((await post({ name: 'Dewi Lestari', date, start: '12:00', end: '13:00' })).status).toBe(201);
    const clash = await post({ name: 'Rizky Maulana', date, start: '09:30', end: '10:30' });
    expect(clash).toMatchObject({ status: 422, body: { errors: { start: 'Bentrok dengan jadwal lain (08:00 - 10:00)' } } });
    const inside = await post({ name: 'Rizky Maulana', date, start: '11:00', end: '11:30' });
    expect(inside.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (10:00 - 12:00)' } });
    expect((await post({ name: 'Rizky Maulana', date: '2026-12-18', start: '11:00', end: '11:30' })).status).toBe(201);
  });

  it('checks in the spec’s order: the daily total before an overlap', async () => {
    const date = '2026-12-19';
    expect((await post({ name: 'Dewi Lestari', date, start: '08:00', end: '11:00' })).status).toBe(201);
    const reply = await post({ name: 'Dewi Lestari', date, start: '10:00', end: '12:00' });
    expect(reply.body).toEqual({ errors: { end: 'Kamu udah pinjam 3 jam hari ini (maks 4 jam)' } });
  });
});

describe(`a database failure on insert, on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant(TODAY, '10:00') });
    await seedRoster(testApp.db, [BUDI]);
    await addVoucher(testApp.db, 'VCH-FAIL01');
    // A real failure of the real insert: the database refuses every new booking.
    if (testApp.db.engine === 'sqlite') {
      await sql`create trigger refuse_booking before insert on borrow_request begin select raise(abort, 'refused by test'); end`.execute(
        testApp.db.kysely,
      );
    } else {
      await sql`create function refuse_booking() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(
        testApp.db.kysely,
      );
      await sql`create trigger refuse_booking before insert on borrow_request for each row execute function refuse_booking()`.execute(
        testApp.db.kysely,
      );
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers 500 with the spec’s message and writes nothing', async () => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-12-01' }));
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Gagal menyimpan data, coba lagi.' });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
    expect(await countRows(testApp.db, 'outbox')).toBe(0);
  });

  it('leaves the voucher unused when the voucher booking cannot be saved', async () => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-12-01', reason: 'VCH-FAIL01' }));
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Gagal menyimpan data, coba lagi.' });
    expect(await isVoucherUsed(testApp.db, 'VCH-FAIL01')).toBe(false);
  });
});
