import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, countRows, jakartaInstant } from '../helpers/booking-fixtures';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const INVALID = 'Data yang dikirim tidak valid';

describe(`bad booking input on ${TEST_ENGINE}: 400, never 500, nothing written`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '10:00') });
    await seedRoster(testApp.db, [BUDI]);
  });
  afterAll(async () => {
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
    await testApp.close();
  });

  const post = (body: unknown, headers?: Record<string, string>) =>
    requestJson(testApp.baseUrl, '/api/bookings', { method: 'POST', body, headers });

  it.each([
    ['a name that is a number', { name: 42 }, { name: 'Nama peminjam tidak valid' }],
    ['a name of 101 characters', { name: 'B'.repeat(101) }, { name: 'Nama peminjam terlalu panjang (maks 100 karakter)' }],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, { reason: 'Alasan peminjaman terlalu panjang (maks 500 karakter)' }],
    ['a reason that is an object', { reason: { text: 'x' } }, { reason: 'Alasan peminjaman tidak valid' }],
    ['an impossible date', { date: '2026-02-30' }, { date: 'Tanggal tidak valid' }],
    ['a month 13', { date: '2026-13-01' }, { date: 'Tanggal tidak valid' }],
    ['a date in another format', { date: '23/11/2026' }, { date: 'Tanggal tidak valid' }],
    ['a date that is a number', { date: 20261123 }, { date: 'Tanggal tidak valid' }],
    ['a start of 24:00', { start: '24:00' }, { start: 'Jam mulai tidak valid (format JJ:MM)' }],
    ['a start of 7:5', { start: '7:5' }, { start: 'Jam mulai tidak valid (format JJ:MM)' }],
    ['an end of 25:99', { end: '25:99' }, { end: 'Jam selesai tidak valid (format JJ:MM)' }],
    ['an end with seconds', { end: '10:00:00' }, { end: 'Jam selesai tidak valid (format JJ:MM)' }],
    ['a start that is a number', { start: 800 }, { start: 'Jam mulai tidak valid (format JJ:MM)' }],
    ['an STNK choice that is a boolean', { needStnk: true }, { needStnk: 'Butuh STNK tidak valid' }],
    ['an unknown STNK choice', { needStnk: 'mungkin' }, { needStnk: 'Butuh STNK tidak valid' }],
    ['an unknown field', { userId: 'ADMIN' }, { userId: 'Kolom userId tidak dikenal' }],
    ['a null field', { name: null }, { name: 'Nama peminjam tidak valid' }],
  ])('%s', async (_title, change, errors) => {
    const reply = await post({ ...bookingBody(), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: INVALID, errors });
  });

  it('names every bad field at once', async () => {
    const reply = await post({ ...bookingBody(), date: '2026-02-30', start: '24:00', extra: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      date: 'Tanggal tidak valid',
      start: 'Jam mulai tidak valid (format JJ:MM)',
      extra: 'Kolom extra tidak dikenal',
    });
  });

  it('reports missing keys with their required messages', async () => {
    const reply = await post({ name: 'Budi Santoso' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      date: 'Tanggal peminjaman harus diisi',
      start: 'Jam mulai harus diisi',
      end: 'Jam selesai harus diisi',
      reason: 'Alasan peminjaman harus diisi',
    });
  });

  it.each([
    ['malformed JSON', '{"name": "Budi'],
    ['a JSON array', '[]'],
    ['a JSON string', '"Budi"'],
    ['JSON null', 'null'],
    ['a __proto__ key', '{"__proto__": {"admin": true}}'],
  ])('%s', async (_title, raw) => {
    const reply = await post(raw);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(INVALID);
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await post('name=Budi', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ message: INVALID });
  });

  it('refuses a body larger than a form can be', async () => {
    const reply = await post({ ...bookingBody(), reason: 'x'.repeat(70_000) });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ message: 'Data yang dikirim terlalu besar' });
  });
});
