import { sign } from '@fastify/cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/domain/admin/admin-limits';
import type { User } from '../../src/server/roster/repository';
import { loginCookie, sessionCookieOf } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, testConfig } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const UNAUTHORIZED = { message: 'Sesi admin tidak ada atau sudah habis, silakan masuk lagi' };

const ADMIN_ENDPOINTS = [
  ['GET', '/api/admin/session'],
  ['POST', '/api/admin/logout'],
  ['POST', '/api/admin/vouchers'],
  ['GET', '/api/admin/vouchers'],
] as const;

describe(`admin sessions on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  let admin: User;
  let student: User;

  async function start(clock = createTestClock()) {
    const testApp = await startTestApp({ now: clock.now });
    apps.push(testApp);
    [admin, student] = (await seedRoster(testApp.db)) as [User, User];
    return { testApp, clock, baseUrl: testApp.baseUrl };
  }
  // As a browser sends them from our own pages: with our Origin.
  const call = (baseUrl: string, method: string, path: string, cookie?: string, headers: Record<string, string> = {}) =>
    requestJson(baseUrl, path, { method, headers: { origin: baseUrl, ...(cookie ? { cookie } : {}), ...headers } });

  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  it.each(ADMIN_ENDPOINTS)('%s %s answers 401 without a session cookie', async (method, path) => {
    const { baseUrl } = await start();
    const reply = await call(baseUrl, method, path);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHORIZED);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401, and clears the cookie, for a forged, tampered or unknown session cookie', async () => {
    const { baseUrl, testApp } = await start();
    const real = await loginCookie(baseUrl, admin);
    const forged = [
      'admin_session=admin',
      'admin_session=role%3Dadmin',
      `${real.slice(0, -3)}abc`,
      `admin_session=${encodeURIComponent(sign('a-token-no-session-has', testConfig(testApp.database).sessionSecret))}`,
    ];
    for (const cookie of forged) {
      for (const [method, path] of ADMIN_ENDPOINTS) {
        const reply = await call(baseUrl, method, path, cookie);
        expect(reply.status, `${method} ${path} with ${cookie}`).toBe(401);
        expect(reply.headers.getSetCookie().join()).toMatch(/admin_session=;.*Expires=Thu, 01 Jan 1970/);
      }
    }
    expect((await testApp.db.kysely.selectFrom('vouchers').selectAll().execute()).length).toBe(0);
  });

  it('answers the signed-in admin at GET /api/admin/session, with APP_TIMEZONE for the times on the admin screens', async () => {
    const { baseUrl } = await start();
    const reply = await call(baseUrl, 'GET', '/api/admin/session', await loginCookie(baseUrl, admin));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ admin: { name: admin.name, role: 'admin' }, timeZone: 'Asia/Jakarta' });
  });

  it('ends a session 12 hours after login', async () => {
    const { baseUrl, clock } = await start();
    const cookie = await loginCookie(baseUrl, admin);
    clock.advance(SESSION_LIFETIME_MS - 1);
    expect((await call(baseUrl, 'GET', '/api/admin/session', cookie)).status).toBe(200);
    expect((await call(baseUrl, 'POST', '/api/admin/vouchers', cookie)).status).toBe(201);
    clock.advance(1);
    for (const [method, path] of ADMIN_ENDPOINTS) {
      const reply = await call(baseUrl, method, path, cookie);
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body).toEqual(UNAUTHORIZED);
    }
  });

  it('logs out: 204, the session row deleted, the cookie cleared, and the old cookie refused after', async () => {
    const { baseUrl, testApp } = await start();
    const cookie = await loginCookie(baseUrl, admin);
    const other = await loginCookie(baseUrl, admin);
    const reply = await call(baseUrl, 'POST', '/api/admin/logout', cookie);
    expect(reply.status).toBe(204);
    expect(reply.headers.getSetCookie().join()).toMatch(/^admin_session=;.*Expires=Thu, 01 Jan 1970.*HttpOnly.*SameSite=Strict/);
    expect(await testApp.db.kysely.selectFrom('admin_sessions').selectAll().execute()).toHaveLength(1);
    for (const [method, path] of ADMIN_ENDPOINTS) expect((await call(baseUrl, method, path, cookie)).status).toBe(401);
    // Another session of the same admin (another computer) stays signed in.
    expect((await call(baseUrl, 'GET', '/api/admin/session', other)).status).toBe(200);
  });

  it('holds on every instance sharing the database: sign in on one, use and end it on another', async () => {
    const clock = createTestClock();
    const first = await start(clock);
    const second = await startTestApp({ now: clock.now, database: first.testApp.database });
    apps.unshift(second);
    const cookie = await loginCookie(first.baseUrl, admin);
    expect((await call(second.baseUrl, 'GET', '/api/admin/session', cookie)).status).toBe(200);
    expect((await call(second.baseUrl, 'POST', '/api/admin/vouchers', cookie)).status).toBe(201);
    expect((await call(second.baseUrl, 'POST', '/api/admin/logout', cookie)).status).toBe(204);
    expect((await call(first.baseUrl, 'GET', '/api/admin/session', cookie)).status).toBe(401);
  });

  it('replaces the session of a browser that signs in again', async () => {
    const { baseUrl } = await start();
    const first = await loginCookie(baseUrl, admin);
    const again = await requestJson(baseUrl, '/api/admin/login', {
      body: { name: admin.name, code: admin.id },
      headers: { cookie: first },
    });
    expect(again.status).toBe(200);
    expect((await call(baseUrl, 'GET', '/api/admin/session', first)).status).toBe(401);
    expect((await call(baseUrl, 'GET', '/api/admin/session', sessionCookieOf(again))).status).toBe(200);
  });

  it('ends the sessions of a user who is no longer an admin', async () => {
    const { baseUrl, testApp } = await start();
    const cookie = await loginCookie(baseUrl, admin);
    await testApp.db.kysely.updateTable('users').set({ role: null }).where('id', '=', admin.id).execute();
    expect((await call(baseUrl, 'GET', '/api/admin/session', cookie)).status).toBe(401);
  });

  it('refuses state-changing admin requests from another site even with the cookie (403)', async () => {
    const { baseUrl, testApp } = await start();
    const cookie = await loginCookie(baseUrl, admin);
    for (const path of ['/api/admin/vouchers', '/api/admin/logout']) {
      const reply = await call(baseUrl, 'POST', path, cookie, { origin: 'http://evil.example' });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: 'Permintaan ditolak' });
    }
    expect(await testApp.db.kysely.selectFrom('vouchers').selectAll().execute()).toEqual([]);
    expect((await call(baseUrl, 'GET', '/api/admin/session', cookie)).status).toBe(200);
    expect((await call(baseUrl, 'POST', '/api/admin/vouchers', cookie, { origin: baseUrl })).status).toBe(201);
  });

  it.each(ADMIN_ENDPOINTS)('%s %s sends the security headers', async (method, path) => {
    const { baseUrl } = await start();
    const reply = await call(baseUrl, method, path, await loginCookie(baseUrl, admin));
    expect(reply.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('a student cannot get a session at all', async () => {
    const { baseUrl, testApp } = await start();
    const reply = await requestJson(baseUrl, '/api/admin/login', { body: { name: student.name, code: student.id } });
    expect(reply.status).toBe(403);
    expect(await testApp.db.kysely.selectFrom('admin_sessions').selectAll().execute()).toEqual([]);
  });
});
