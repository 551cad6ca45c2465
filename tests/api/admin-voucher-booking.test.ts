import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { loginCookie } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { present } from '../helpers/present';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

// 08:00 in Jakarta on 2026-11-22: bookings from that date on are not in the past.
const clock = () => createTestClock(new Date('2026-11-22T01:00:00.000Z'));

const booking = (overrides: Record<string, string>) => ({
  name: 'Budi Santoso',
  date: '2026-11-23',
  start: '08:00',
  end: '09:00',
  reason: 'Ke kampus',
  needStnk: '',
  ...overrides,
});

describe(`a generated voucher in the booking form on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let admin: User;

  async function start() {
    testApp = await startTestApp({ now: clock().now });
    [admin] = (await seedRoster(testApp.db)) as [User];
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const generated = await requestJson(testApp.baseUrl, '/api/admin/vouchers', {
      method: 'POST',
      headers: { cookie, origin: testApp.baseUrl },
    });
    expect(generated.status).toBe(201);
    const list = async () => (await requestJson(testApp.baseUrl, '/api/admin/vouchers', { headers: { cookie } })).body.vouchers;
    return { code: generated.body.voucher.code as string, list };
  }
  const book = (body: unknown) => requestJson(testApp.baseUrl, '/api/bookings', { body });

  afterEach(async () => {
    await testApp.close();
  });

  it('works exactly once: the first booking gets the 6-hour voucher loan, a second use is refused as a used code', async () => {
    const { code, list } = await start();
    // A 6-hour slot that only a voucher allows (PPTI 21 may book 4 hours).
    const first = await book(booking({ start: '08:00', end: '14:00', reason: ` ${code} ` }));
    expect(first.status).toBe(201);
    expect(first.body.booking).toMatchObject({ name: 'Budi Santoso', start: '08:00', end: '14:00', usedVoucher: true });
    expect(await list()).toEqual([
      {
        code,
        note: null,
        createdAt: expect.any(String),
        createdBy: 'Admin Uji',
        status: 'used',
        usedBy: { name: 'Budi Santoso', date: '2026-11-23', start: '08:00', end: '14:00', endDate: '2026-11-23' },
        revokedAt: null,
      },
    ]);

    const second = await book(booking({ name: 'Rizky Maulana', date: '2026-11-24', start: '08:00', end: '14:00', reason: code }));
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ reason: 'Kode voucher tidak dikenal atau sudah dipakai' });
    expect((await list())[0].usedBy).toMatchObject({ name: 'Budi Santoso', date: '2026-11-23' });
  });

  it('is spent by only one of two simultaneous bookings', async () => {
    const { code, list } = await start();
    const replies = await Promise.all([
      book(booking({ name: 'Budi Santoso', date: '2026-11-25', start: '08:00', end: '14:00', reason: code })),
      book(booking({ name: 'Rizky Maulana', date: '2026-11-26', start: '08:00', end: '14:00', reason: code })),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 422]);
    const winner = present(
      replies.find((reply) => reply.status === 201),
      'one booked reply',
    ).body.booking;
    expect(winner.usedVoucher).toBe(true);
    expect((await list())[0]).toMatchObject({ status: 'used', usedBy: { name: winner.name, date: winner.date } });
  });

  it('is the same voucher when typed in small letters', async () => {
    const { code, list } = await start();
    const reply = await book(booking({ start: '08:00', end: '14:00', reason: code.toLowerCase() }));
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ end: '14:00', usedVoucher: true });
    expect((await list())[0].status).toBe('used');
  });
});
