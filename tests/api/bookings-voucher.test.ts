import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVoucher, bookingBody, countRows, isVoucherUsed, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';

describe(`voucher bookings on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant(TODAY, '10:00') });
    await seedRoster(testApp.db, [BUDI, SITI, RIZKY]);
    for (const code of [
      'VCH-AAAAA1',
      'VCH-AAAAA2',
      'VCH-AAAAA3',
      'VCH-AAAAA4',
      'VCH-NIGHT1',
      'VCH-NIGHT2',
      'VCH-OVER01',
      'VCH-OVER02',
      'VCH-LOWER1',
    ])
      await addVoucher(testApp.db, code);
    await addVoucher(testApp.db, 'VCH-USED01', true);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (overrides: Parameters<typeof bookingBody>[0]) => postBooking(testApp.baseUrl, bookingBody(overrides));

  it('ends 6 hours after the start, marks the voucher used and records it on the booking and the notice', async () => {
    const reply = await post({ name: 'Rizky Maulana', date: '2026-12-01', start: '08:00', end: '09:00', reason: '  VCH-AAAAA1 ' });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({
      name: 'Rizky Maulana',
      date: '2026-12-01',
      start: '08:00',
      end: '14:00',
      endDate: '2026-12-01',
      reason: 'VCH-AAAAA1',
      usedVoucher: true,
    });
    expect(await isVoucherUsed(testApp.db, 'VCH-AAAAA1')).toBe(true);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .selectAll()
      .where('voucher_code', '=', 'VCH-AAAAA1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ end_time: '14:00', end_date: '2026-12-01', voucher_code: 'VCH-AAAAA1' });
    const notice = await testApp.db.kysely.selectFrom('outbox').select('payload').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(notice.payload)).toMatchObject({ end: '14:00', voucherCode: 'VCH-AAAAA1' });
  });

  it('skips end before start, a past date, the class limit and the daily total in a free part of the day', async () => {
    expect((await post({ name: 'Budi Santoso', date: '2026-12-02', start: '06:00', end: '10:00' })).status).toBe(201);
    const reply = await post({ name: 'Budi Santoso', date: '2026-12-02', start: '10:00', end: '07:00', reason: 'VCH-AAAAA2' });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ start: '10:00', end: '16:00', usedVoucher: true });
    const past = await post({ name: 'Siti Rahmawati', date: '2026-11-01', reason: 'VCH-AAAAA3' });
    expect(past.status).toBe(201);
  });

  it('never overlaps a booking on the same day: refused with the clash, the voucher stays unused', async () => {
    expect((await post({ name: 'Siti Rahmawati', date: '2026-12-05', start: '13:00', end: '14:00' })).status).toBe(201);
    const reply = await post({ name: 'Rizky Maulana', date: '2026-12-05', start: '08:00', end: '09:00', reason: 'VCH-OVER01' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (13:00 - 14:00)' } });
    expect(await isVoucherUsed(testApp.db, 'VCH-OVER01')).toBe(false);
    // Ending exactly where the other starts is no clash (half-open).
    const fits = await post({ name: 'Rizky Maulana', date: '2026-12-05', start: '07:00', end: '08:00', reason: 'VCH-OVER01' });
    expect(fits.status).toBe(201);
    expect(fits.body.booking).toMatchObject({ start: '07:00', end: '13:00', usedVoucher: true });
  });

  it('past midnight, never overlaps the next morning: refused with the clash, the voucher stays unused', async () => {
    expect((await post({ name: 'Siti Rahmawati', date: '2026-12-07', start: '01:30', end: '03:00' })).status).toBe(201);
    const reply = await post({ name: 'Rizky Maulana', date: '2026-12-06', start: '20:00', end: '21:00', reason: 'VCH-OVER02' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (01:30 - 03:00)' } });
    expect(await isVoucherUsed(testApp.db, 'VCH-OVER02')).toBe(false);
    const earlier = await post({ name: 'Rizky Maulana', date: '2026-12-06', start: '19:30', end: '21:00', reason: 'VCH-OVER02' });
    expect(earlier.status).toBe(201);
    expect(earlier.body.booking).toMatchObject({ end: '01:30', endDate: '2026-12-07', usedVoucher: true });
  });

  it('works in any letter case and with spaces around it, stored uppercase', async () => {
    const reply = await post({ name: 'Siti Rahmawati', date: '2026-12-08', start: '08:00', end: '09:00', reason: '  vch-lower1 \n' });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ end: '14:00', usedVoucher: true });
    expect(await isVoucherUsed(testApp.db, 'VCH-LOWER1')).toBe(true);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('voucher_code')
      .where('borrow_date', '=', '2026-12-08')
      .where('start_time', '=', '08:00')
      .executeTakeFirstOrThrow();
    expect(row.voucher_code).toBe('VCH-LOWER1');
  });

  it('refuses a used code and an unknown look-alike under the reason, booking nothing', async () => {
    const before = await countRows(testApp.db, 'borrow_request');
    for (const reason of ['VCH-USED01', 'vch-used01', 'VCH-ZZZZZ9', ' vch-zzzzz9 ']) {
      const reply = await post({ name: 'Siti Rahmawati', date: '2026-12-03', start: '08:00', end: '09:00', reason });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ errors: { reason: 'Kode voucher tidak dikenal atau sudah dipakai' } });
    }
    expect(await countRows(testApp.db, 'borrow_request')).toBe(before);
  });

  it('treats a code with words around it as an ordinary reason and leaves the voucher alone', async () => {
    for (const reason of ['VCH-AAAAA4 please', 'pakai VCH-AAAAA4']) {
      const reply = await post({ name: 'Siti Rahmawati', date: '2026-12-04', start: '08:00', end: '13:00', reason });
      expect(reply.body).toEqual({ errors: { end: 'Kelas PPTI 21 hanya boleh pinjam 4 jam' } });
    }
    expect(await isVoucherUsed(testApp.db, 'VCH-AAAAA4')).toBe(false);
  });

  it('does not spend a voucher on a name that is not on the roster', async () => {
    const reply = await post({ name: 'Orang Asing', reason: 'VCH-AAAAA4' });
    expect(reply.body).toEqual({ errors: { name: 'Nama peminjam tidak ditemukan' } });
    expect(await isVoucherUsed(testApp.db, 'VCH-AAAAA4')).toBe(false);
  });

  describe('past midnight', () => {
    const first = '2026-12-10';
    const second = '2026-12-11';

    it('keeps its full 6 hours, ending on the next date', async () => {
      const reply = await post({ name: 'Budi Santoso', date: first, start: '20:00', end: '21:00', reason: 'VCH-NIGHT1' });
      expect(reply.status).toBe(201);
      expect(reply.body.booking).toMatchObject({ date: first, start: '20:00', end: '02:00', endDate: second, usedVoucher: true });
      const row = await testApp.db.kysely
        .selectFrom('borrow_request')
        .selectAll()
        .where('voucher_code', '=', 'VCH-NIGHT1')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ borrow_date: first, start_time: '20:00', end_time: '02:00', end_date: second });
    });

    it('is listed on both dates, on the second first and as continuing from the day before', async () => {
      expect((await post({ name: 'Siti Rahmawati', date: second, start: '08:00', end: '09:00' })).status).toBe(201);
      const loan = { start: '20:00', end: '02:00', name: 'Budi Santoso', class: 'PPTI 21', stage: 'booked' };
      expect((await listBookings(testApp.baseUrl, first)).body).toEqual({
        date: first,
        bookings: [{ ...loan, continuesFromPreviousDay: false, continuesNextDay: true }],
      });
      expect((await listBookings(testApp.baseUrl, second)).body).toEqual({
        date: second,
        bookings: [
          { ...loan, continuesFromPreviousDay: true, continuesNextDay: false },
          {
            start: '08:00',
            end: '09:00',
            name: 'Siti Rahmawati',
            class: 'PPTI 21',
            continuesFromPreviousDay: false,
            continuesNextDay: false,
            stage: 'booked',
          },
        ],
      });
    });

    it('blocks the early hours of the second date and frees them where it ends', async () => {
      const clash = await post({ name: 'Rizky Maulana', date: second, start: '01:00', end: '03:00' });
      expect(clash.body).toEqual({ errors: { start: 'Bentrok dengan jadwal lain (20:00 - 02:00)' } });
      expect((await post({ name: 'Rizky Maulana', date: second, start: '02:00', end: '04:00' })).status).toBe(201);
    });

    it('counts its hours on the second date towards the borrower’s day', async () => {
      const reply = await post({ name: 'Budi Santoso', date: second, start: '10:00', end: '12:01' });
      expect(reply.body).toEqual({ errors: { end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)' } });
    });

    it('takes no time on the next date when it ends at exactly midnight', async () => {
      const reply = await post({ name: 'Siti Rahmawati', date: '2026-12-20', start: '18:00', end: '19:00', reason: 'VCH-NIGHT2' });
      expect(reply.body.booking).toMatchObject({ end: '00:00', endDate: '2026-12-21' });
      expect((await listBookings(testApp.baseUrl, '2026-12-21')).body.bookings).toEqual([]);
      expect((await post({ name: 'Rizky Maulana', date: '2026-12-21', start: '00:00', end: '01:00' })).status).toBe(201);
    });

    it('never stores an end before its start on the same date', async () => {
      const rows = await testApp.db.kysely
        .selectFrom('borrow_request')
        .select(['borrow_date', 'start_time', 'end_time', 'end_date'])
        .execute();
      expect(await countRows(testApp.db, 'borrow_request')).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.end_date).not.toBeNull();
        expect(`${row.end_date} ${row.end_time}` > `${row.borrow_date} ${row.start_time}`).toBe(true);
      }
    });
  });
});
