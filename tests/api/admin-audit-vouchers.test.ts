import { afterEach, describe, expect, it } from 'vitest';
import { appendAuditEntry } from '../../src/server/audit/repository';
import type { User } from '../../src/server/roster/repository';
import { adminClient, login, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, isVoucherUsed, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`vouchers and the audit trail on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function start() {
    const clock = createTestClock();
    const testApp = await startTestApp({ now: clock.now });
    apps.push(testApp);
    const [admin] = (await seedRoster(testApp.db)) as [User];
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const api = adminClient(testApp.baseUrl, cookie);
    const vouchers = async () => (await api.get('/api/admin/vouchers')).body.vouchers;
    const audit = async (page = 1) => (await api.get(`/api/admin/audit?page=${page}`)).body;
    return { testApp, clock, admin, cookie, api, vouchers, audit };
  }

  it('generates a voucher with a note, and lists who made it and, once used, who used it for when', async () => {
    const { testApp, clock, api, vouchers } = await start();
    const created = await api.post('/api/admin/vouchers', { note: '  Panitia PKKMB ' });
    expect(created.status).toBe(201);
    const { code, createdAt } = created.body.voucher;
    clock.advance(60_000);
    const plain = (await api.post('/api/admin/vouchers')).body.voucher.code;
    expect(await vouchers()).toEqual([
      expect.objectContaining({ code: plain, note: null }),
      {
        code,
        note: 'Panitia PKKMB',
        createdAt,
        createdBy: 'Admin Uji',
        status: 'unused',
        usedBy: null,
        revokedAt: null,
      },
    ]);
    expect(
      (await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23', start: '20:00', end: '21:00', reason: code }))).status,
    ).toBe(201);
    expect((await vouchers())[1]).toMatchObject({
      status: 'used',
      usedBy: { name: 'Budi Santoso', date: '2026-11-23', start: '20:00', end: '02:00', endDate: '2026-11-24' },
    });
    const tooLong = await api.post('/api/admin/vouchers', { note: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ note: 'Untuk terlalu panjang (maks 100 karakter)' });
  });

  it('revokes an unused voucher, which a booking then refuses like a used one; a used one cannot be revoked', async () => {
    const { testApp, clock, api, vouchers } = await start();
    const revoked = (await api.post('/api/admin/vouchers')).body.voucher.code;
    clock.advance(60_000);
    const used = (await api.post('/api/admin/vouchers')).body.voucher.code;
    expect(
      (await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23', start: '08:00', end: '14:00', reason: used }))).status,
    ).toBe(201);

    const reply = await api.post(`/api/admin/vouchers/${revoked}/revoke`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: `Voucher ${revoked} sudah dicabut.`, voucher: { code: revoked, status: 'revoked' } });
    // A 6-hour loan only a valid voucher allows: refused by the class limit, as for a used code.
    const withRevoked = await postBooking(
      testApp.baseUrl,
      bookingBody({ date: '2026-11-24', start: '08:00', end: '14:00', reason: revoked }),
    );
    const withUsed = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-25', start: '08:00', end: '14:00', reason: used }));
    expect(withRevoked.status).toBe(422);
    expect(withRevoked.body).toEqual(withUsed.body);

    const again = await api.post(`/api/admin/vouchers/${revoked}/revoke`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Voucher yang sudah dipakai atau dicabut tidak bisa dicabut.' });
    expect((await api.post(`/api/admin/vouchers/${used}/revoke`)).status).toBe(409);
    expect((await api.post('/api/admin/vouchers/VCH-NOSUCH/revoke')).body).toEqual({ message: 'Voucher tidak ditemukan.' });
    expect((await vouchers()).map((voucher: { status: string }) => voucher.status)).toEqual(['used', 'revoked']);
  });

  it('does not give a revoked voucher back when the booking that once used it is cancelled', async () => {
    const { testApp, api } = await start();
    const code = (await api.post('/api/admin/vouchers')).body.voucher.code;
    await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23', reason: code }));
    const [booking] = (await api.get('/api/admin/bookings?from=2026-11-23&to=2026-11-23')).body.bookings;
    await api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: 'Salah' });
    expect(await isVoucherUsed(testApp.db, code)).toBe(false);
    expect((await api.post(`/api/admin/vouchers/${code}/revoke`)).status).toBe(200);
    expect(await isVoucherUsed(testApp.db, code)).toBe(true);
  });

  it('records sign-in (with the name typed when refused, never the code), sign-out, and voucher actions', async () => {
    const { testApp, clock, admin, api } = await start();
    const code = (await api.post('/api/admin/vouchers', { note: 'Budi' })).body.voucher.code;
    await api.post(`/api/admin/vouchers/${code}/revoke`);
    await login(testApp.baseUrl, '  Orang Asing ', 'TEBAKAN123');
    await login(testApp.baseUrl, 'Admin Uji', 'SALAHKODE99');
    await login(testApp.baseUrl, 'Budi Santoso', admin.id);
    expect((await api.post('/api/admin/logout')).status).toBe(204);

    const fresh = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    const { entries, page, pages } = (await fresh.get('/api/admin/audit')).body;
    expect({ page, pages }).toEqual({ page: 1, pages: 1 });
    const at = clock.now().toISOString();
    expect(entries).toEqual([
      { at, who: 'Admin Uji', action: 'login', target: null, detail: null },
      { at, who: 'Admin Uji', action: 'logout', target: null, detail: null },
      { at, who: 'Budi Santoso', action: 'login-refused', target: null, detail: 'Kode salah!', address: '127.0.0.1', repeats: 1 },
      { at, who: 'Admin Uji', action: 'login-refused', target: null, detail: 'Kode salah!', address: '127.0.0.1', repeats: 1 },
      { at, who: 'Orang Asing', action: 'login-refused', target: null, detail: 'Nama tidak ditemukan', address: '127.0.0.1', repeats: 1 },
      { at, who: 'Admin Uji', action: 'voucher-revoked', target: code, detail: null },
      { at, who: 'Admin Uji', action: 'voucher-generated', target: code, detail: 'Untuk: Budi' },
      { at, who: 'Admin Uji', action: 'login', target: null, detail: null },
    ]);
    for (const secret of ['TEBAKAN123', 'SALAHKODE99', admin.id]) expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('pages the trail 50 at a time, newest first, and offers no way to change or delete an entry', async () => {
    const { testApp, clock, api, cookie, audit } = await start();
    for (let n = 1; n <= 110; n++) {
      await appendAuditEntry(testApp.db.kysely, {
        at: clock.now(),
        actorName: 'Admin Uji',
        action: 'voucher-generated',
        target: `VCH-${n}`,
      });
    }
    const first = await audit(1);
    expect(first.pages).toBe(3);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].target).toBe('VCH-110');
    const last = await audit(3);
    // 111 entries: the admin's own sign-in is the oldest.
    expect(last.entries).toHaveLength(11);
    expect(last.entries.at(-1).action).toBe('login');
    expect((await audit(4)).entries).toEqual([]);
    expect((await api.get('/api/admin/audit?page=0')).status).toBe(400);
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      const reply = await requestJson(testApp.baseUrl, '/api/admin/audit', { method, headers: { cookie, origin: testApp.baseUrl } });
      expect(reply.status).toBe(404);
    }
    expect((await audit(1)).entries).toEqual(first.entries);
  });
});
