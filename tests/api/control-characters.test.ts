import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { login } from '../helpers/admin-fixtures';
import { bookingBody, countRows, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const INVALID = 'Data yang dikirim tidak valid';

describe(`control characters in text fields on ${TEST_ENGINE}: 400 naming the field, nothing written`, () => {
  let testApp: TestApp;
  let admin: User;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '07:00') });
    [admin] = (await seedRoster(testApp.db)) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function loginAttempts(): Promise<number> {
    const rows = await testApp.db.kysely.selectFrom('login_attempts').select('id').execute();
    return rows.length;
  }

  it.each([
    ['a NUL byte in the reason', { reason: 'x\u0000y' }, { reason: 'Alasan peminjaman berisi karakter yang tidak diizinkan' }],
    ['a NUL byte in the name', { name: 'Budi\u0000Santoso' }, { name: 'Nama peminjam berisi karakter yang tidak diizinkan' }],
    ['an escape in the name', { name: '\u001b[31mBudi Santoso' }, { name: 'Nama peminjam berisi karakter yang tidak diizinkan' }],
    ['a DEL in the reason', { reason: 'Ke kampus\u007f' }, { reason: 'Alasan peminjaman berisi karakter yang tidak diizinkan' }],
    ['a C1 control in the reason', { reason: 'Ke\u0085kampus' }, { reason: 'Alasan peminjaman berisi karakter yang tidak diizinkan' }],
    ['a carriage return in the reason', { reason: 'Ke\r\nkampus' }, { reason: 'Alasan peminjaman berisi karakter yang tidak diizinkan' }],
  ])('a booking with %s', async (_title, change, errors) => {
    const reply = await postBooking(testApp.baseUrl, bookingBody(change));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: INVALID, errors });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
    expect(await countRows(testApp.db, 'outbox')).toBe(0);
  });

  it('a NUL byte in a date is an invalid date, in a booking and in the list query', async () => {
    const booking = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23\u0000' }));
    expect(booking.status).toBe(400);
    expect(booking.body.errors).toEqual({ date: 'Tanggal tidak valid' });
    const list = await requestJson(testApp.baseUrl, '/api/bookings?date=2026-11-23%00');
    expect(list.status).toBe(400);
    expect(list.body.errors).toEqual({ date: 'Tanggal tidak valid' });
  });

  it('keeps newlines and tabs in a reason', async () => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ reason: 'baris satu\n\tbaris dua' }));
    expect(reply.status).toBe(201);
    expect(reply.body.booking.reason).toBe('baris satu\n\tbaris dua');
  });

  it.each([
    ['a NUL byte in the login name', { name: 'Admin\u0000Uji', code: 'x' }, { name: 'Nama berisi karakter yang tidak diizinkan' }],
    ['a NUL byte in the login code', { name: 'Admin Uji', code: 'ABC\u0000' }, { code: 'Kode Masuk berisi karakter yang tidak diizinkan' }],
    ['an escape in the login name', { name: '\u001bAdmin Uji', code: 'x' }, { name: 'Nama berisi karakter yang tidak diizinkan' }],
  ])('a login with %s, counted as no attempt', async (_title, body, errors) => {
    const before = await loginAttempts();
    const reply = await requestJson(testApp.baseUrl, '/api/admin/login', { body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: INVALID, errors });
    expect(await loginAttempts()).toBe(before);
    expect((await login(testApp.baseUrl, admin.name, admin.id)).status).toBe(200);
  });
});
