import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVoucher, bookingBody, countRows, isVoucherUsed, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-26';
const TOMORROW = '2026-11-27';
const PAST_START = { start: 'Jam mulai sudah lewat' };

describe(`a start already over today on ${TEST_ENGINE} (0041)`, () => {
  let testApp: TestApp;
  let now = jakartaInstant(TODAY, '22:57');
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    await seedRoster(testApp.db, [BUDI, SITI]);
    for (const code of ['VCH-PAST01', 'VCH-EDGE01', 'VCH-NEXT01']) await addVoucher(testApp.db, code);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (overrides: Parameters<typeof bookingBody>[0]) => postBooking(testApp.baseUrl, bookingBody(overrides));

  it('refuses 20:00-21:00 at 22:57 under Jam Mulai and saves nothing', async () => {
    const before = await countRows(testApp.db, 'borrow_request');
    const reply = await post({ date: TODAY, start: '20:00', end: '21:00' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ errors: PAST_START });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(before);
    expect(await countRows(testApp.db, 'outbox')).toBe(0);
  });

  it('accepts a start 15 minutes before now and refuses one 16 minutes before, in the app zone', async () => {
    now = jakartaInstant(TODAY, '10:00');
    expect((await post({ date: TODAY, start: '09:44', end: '11:00' })).body).toEqual({ errors: PAST_START });
    const edge = await post({ date: TODAY, start: '09:45', end: '11:00' });
    expect(edge.status).toBe(201);
    expect(edge.body.booking).toMatchObject({ date: TODAY, start: '09:45', end: '11:00' });
  });

  it('accepts tomorrow at an earlier clock time', async () => {
    now = jakartaInstant(TODAY, '22:57');
    expect((await post({ name: 'Siti Rahmawati', date: TOMORROW, start: '08:00', end: '10:00' })).status).toBe(201);
  });

  it('holds for a voucher: refused 16 minutes back with the voucher left unused, accepted at 15', async () => {
    now = jakartaInstant(TODAY, '15:00');
    const past = await post({ name: 'Siti Rahmawati', date: TODAY, start: '14:44', reason: 'VCH-PAST01' });
    expect(past.status).toBe(422);
    expect(past.body).toEqual({ errors: PAST_START });
    expect(await isVoucherUsed(testApp.db, 'VCH-PAST01')).toBe(false);
    const edge = await post({ name: 'Siti Rahmawati', date: TODAY, start: '14:45', reason: 'VCH-EDGE01' });
    expect(edge.status).toBe(201);
    expect(edge.body.booking).toMatchObject({ start: '14:45', end: '20:45', usedVoucher: true });
    now = jakartaInstant(TODAY, '23:30');
    const next = await post({ name: 'Siti Rahmawati', date: TOMORROW, start: '11:00', reason: 'VCH-NEXT01' });
    expect(next.status).toBe(201);
  });
});
