import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { addVoucher, bookingBody, countRows, isVoucherUsed, jakartaInstant } from '../helpers/booking-fixtures';
import { BUDI, manyStudents, seedRoster } from '../helpers/roster';
import { type JsonReply, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const TOO_MANY = (minutes: number) => `Terlalu banyak percobaan. Coba lagi dalam ${minutes} menit.`;
const UNKNOWN = { errors: { reason: 'Kode voucher tidak dikenal atau sudah dipakai' } };
let clock = jakartaInstant('2026-11-22', '10:00');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  clock = jakartaInstant('2026-11-22', '10:00');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(config: TestAppOptions['config'], options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await startTestApp({ now: () => clock, config, ...options });
  cleanups.push(() => testApp.close());
  return testApp;
}

/** POSTs a booking from a given loopback address (127.0.0.0/8 all reach a server on 127.0.0.1). */
function postFrom(testApp: TestApp, body: unknown, localAddress = '127.0.0.1'): Promise<JsonReply> {
  const url = new URL('/api/bookings', testApp.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text === '' ? '' : JSON.parse(text),
            headers: new Headers(res.headers as Record<string, string>),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe(`voucher guesses per address on ${TEST_ENGINE}`, () => {
  it('after VOUCHER_GUESS_LIMIT_PER_HOUR unknown codes, answers 429 for any code from that address, for an hour', async () => {
    const testApp = await app({ voucherGuessLimitPerHour: 3 });
    await seedRoster(testApp.db, [BUDI]);
    await addVoucher(testApp.db, 'VCH-REAL22');
    for (const code of ['VCH-GUESS1', 'vch-guess2', 'VCH-GUESS3']) {
      expect((await postFrom(testApp, bookingBody({ reason: code }))).body).toEqual(UNKNOWN);
    }
    const limited = await postFrom(testApp, bookingBody({ reason: 'VCH-GUESS4' }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY(60) });
    expect(limited.headers.get('retry-after')).toBe('3600');
    // A real code is refused too, or the limit would still tell a right guess from a wrong one.
    expect((await postFrom(testApp, bookingBody({ reason: 'VCH-REAL22' }))).status).toBe(429);
    expect(await isVoucherUsed(testApp.db, 'VCH-REAL22')).toBe(false);
    // Ordinary bookings and other addresses go on.
    expect((await postFrom(testApp, bookingBody({ reason: 'Ke kampus' }))).status).toBe(201);
    expect((await postFrom(testApp, bookingBody({ date: '2026-11-24', reason: 'VCH-REAL22' }), '127.0.0.2')).status).toBe(201);
    // The wait counts down from the first guess, and refused tries do not extend it.
    clock = new Date(clock.getTime() + 45 * 60 * 1000);
    expect((await postFrom(testApp, bookingBody({ reason: 'VCH-GUESS5' }))).body).toEqual({ message: TOO_MANY(15) });
    clock = new Date(clock.getTime() + 15 * 60 * 1000);
    expect((await postFrom(testApp, bookingBody({ reason: 'VCH-GUESS6' }))).body).toEqual(UNKNOWN);
    expect(await countRows(testApp.db, 'borrow_request')).toBe(2);
  });

  it('does not count a used code (it is no guess) or a code with words around it', async () => {
    const testApp = await app({ voucherGuessLimitPerHour: 2 });
    await seedRoster(testApp.db, [BUDI]);
    await addVoucher(testApp.db, 'VCH-USED22', true);
    for (let n = 0; n < 3; n++) expect((await postFrom(testApp, bookingBody({ reason: 'VCH-USED22' }))).body).toEqual(UNKNOWN);
    for (let n = 0; n < 3; n++) expect((await postFrom(testApp, bookingBody({ end: '13:00', reason: 'VCH-ZZZZZ9 ya' }))).status).toBe(422);
    expect((await postFrom(testApp, bookingBody({ reason: 'VCH-ZZZZZ8' }))).body).toEqual(UNKNOWN);
  });

  it('counts across app instances on one database', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const first = await app({ voucherGuessLimitPerHour: 2 }, { database });
    const second = await app({ voucherGuessLimitPerHour: 2 }, { database });
    await seedRoster(first.db, [BUDI]);
    expect((await postFrom(first, bookingBody({ reason: 'VCH-GUESS1' }))).body).toEqual(UNKNOWN);
    expect((await postFrom(second, bookingBody({ reason: 'VCH-GUESS2' }))).body).toEqual(UNKNOWN);
    expect((await postFrom(first, bookingBody({ reason: 'VCH-GUESS3' }))).status).toBe(429);
    expect((await postFrom(second, bookingBody({ reason: 'VCH-GUESS3' }))).status).toBe(429);
  });
});

describe(`bookings created per address on ${TEST_ENGINE}`, () => {
  it('after BOOKING_LIMIT_PER_HOUR bookings from one address, answers 429 and writes nothing; other addresses go on', async () => {
    const testApp = await app({ bookingLimitPerHour: 3 });
    const students = manyStudents('Kampus', 5);
    await seedRoster(testApp.db, students);
    const at = (n: number) => ({ start: `${String(8 + n).padStart(2, '0')}:00`, end: `${String(9 + n).padStart(2, '0')}:00` });
    expect((await postFrom(testApp, bookingBody({ name: 'Kampus 1', ...at(0) }))).status).toBe(201);
    // A refused booking creates nothing and does not count.
    expect((await postFrom(testApp, bookingBody({ name: 'Kampus 4', ...at(0) }))).status).toBe(422);
    for (const n of [1, 2]) expect((await postFrom(testApp, bookingBody({ name: `Kampus ${n + 1}`, ...at(n) }))).status).toBe(201);
    const limited = await postFrom(testApp, bookingBody({ name: 'Kampus 4', ...at(4) }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY(60) });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(3);
    expect((await postFrom(testApp, bookingBody({ name: 'Kampus 4', ...at(4) }), '127.0.0.3')).status).toBe(201);
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect((await postFrom(testApp, bookingBody({ name: 'Kampus 5', ...at(5) }))).status).toBe(201);
  });

  it('is off with 0', async () => {
    const testApp = await app({ bookingLimitPerHour: 0 });
    await seedRoster(testApp.db, manyStudents('Bebas', 40));
    for (let n = 0; n < 40; n++) {
      const start = `${String(Math.floor((n * 30) / 60)).padStart(2, '0')}:${n % 2 === 0 ? '00' : '30'}`;
      const end = `${String(Math.floor((n * 30 + 30) / 60)).padStart(2, '0')}:${n % 2 === 0 ? '30' : '00'}`;
      expect((await postFrom(testApp, bookingBody({ name: `Bebas ${n + 1}`, start, end }))).status).toBe(201);
    }
  });
});

describe(`the booking horizon on ${TEST_ENGINE}`, () => {
  it('takes a date up to BOOKING_HORIZON_DAYS after today and refuses the next, under the date, vouchers too', async () => {
    const testApp = await app({ bookingHorizonDays: 90 });
    await seedRoster(testApp.db, [BUDI]);
    await addVoucher(testApp.db, 'VCH-FAR222');
    const beyond = { date: { date: 'Tanggal paling jauh 90 hari dari hari ini' } };
    expect((await postFrom(testApp, bookingBody({ date: '2027-02-20' }))).status).toBe(201);
    expect((await postFrom(testApp, bookingBody({ date: '2027-02-21' }))).body).toEqual({ errors: beyond.date });
    expect((await postFrom(testApp, bookingBody({ date: '9999-12-31', reason: 'VCH-FAR222' }))).body).toEqual({ errors: beyond.date });
    expect(await isVoucherUsed(testApp.db, 'VCH-FAR222')).toBe(false);
    const lastNight = await postFrom(testApp, bookingBody({ date: '2027-02-20', start: '21:00', end: '22:00', reason: 'VCH-FAR222' }));
    expect(lastNight.body.booking).toMatchObject({ date: '2027-02-20', end: '03:00', endDate: '2027-02-21' });
  });

  it('follows the configured number of days', async () => {
    const testApp = await app({ bookingHorizonDays: 7 });
    await seedRoster(testApp.db, [BUDI]);
    expect((await postFrom(testApp, bookingBody({ date: '2026-11-30' }))).body).toEqual({
      errors: { date: 'Tanggal paling jauh 7 hari dari hari ini' },
    });
    expect((await postFrom(testApp, bookingBody({ date: '2026-11-29' }))).status).toBe(201);
  });
});
