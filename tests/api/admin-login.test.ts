import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS } from '../../src/domain/admin/admin-limits';
import type { User } from '../../src/server/roster/repository';
import { login, sessionCookieOf } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

describe(`admin login on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let admin: User;
  let student: User;
  const clock = createTestClock();
  // Each test signs in from its own address, after the failures of the one before have expired.
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `10.0.0.${++address}` });

  beforeAll(async () => {
    testApp = await startTestApp({ config: { trustProxy: 1 }, now: clock.now });
    [admin, student] = (await seedRoster(testApp.db)) as [User, User];
  });
  beforeEach(() => {
    clock.advance(LOGIN_WINDOW_MS);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('signs the admin in: 200 with the admin, and an HttpOnly SameSite=Strict session cookie for 12 hours', async () => {
    const reply = await login(testApp.baseUrl, admin.name, admin.id, from());
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ admin: { name: 'Admin Uji', role: 'admin' } });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const cookie = reply.headers.getSetCookie().find((header) => header.startsWith('admin_session='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=43200', 'Path=/', 'HttpOnly', 'SameSite=Strict']));
    expect(attributes).not.toContain('Secure');
  });

  it('stores only the SHA-256 of the session token, and signs the cookie', async () => {
    const reply = await login(testApp.baseUrl, admin.name, admin.id, from());
    const value = decodeURIComponent(sessionCookieOf(reply).split('=').slice(1).join('='));
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    expect(signature.length).toBeGreaterThan(20);
    const hashes = (await testApp.db.kysely.selectFrom('admin_sessions').select('token_hash').execute()).map((row) => row.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(token);
  });

  it('marks the cookie Secure when served over HTTPS, and sends HSTS', async () => {
    const reply = await login(testApp.baseUrl, admin.name, admin.id, { ...from(), 'x-forwarded-proto': 'https' });
    expect(reply.status).toBe(200);
    expect(reply.headers.getSetCookie().find((header) => header.startsWith('admin_session='))).toContain('; Secure');
    expect(reply.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('matches the name case-insensitively and trimmed', async () => {
    const reply = await login(testApp.baseUrl, '  aDMIN uji ', admin.id, from());
    expect(reply.status).toBe(200);
    expect(reply.body.admin.name).toBe('Admin Uji');
  });

  it("answers 'Nama tidak ditemukan' for a name not in the roster", async () => {
    const reply = await login(testApp.baseUrl, 'Orang Asing', admin.id, from());
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Nama tidak ditemukan', errors: { name: 'Nama tidak ditemukan' } });
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it("answers 'Kode salah!' for a code that is not the user's id, compared exactly", async () => {
    for (const code of ['WRONGCODE123', admin.id.toLowerCase(), ` ${admin.id}`, `${admin.id} `, admin.id.slice(0, -1)]) {
      const reply = await login(testApp.baseUrl, admin.name, code, from());
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Kode salah!', errors: { code: 'Kode salah!' } });
    }
  });

  it("answers 'Akses ditolak, kamu bukan admin!' for a student with their own correct code", async () => {
    const reply = await login(testApp.baseUrl, student.name, student.id, from());
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: 'Akses ditolak, kamu bukan admin!', errors: { name: 'Akses ditolak, kamu bukan admin!' } });
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('checks the name before the code, and the code before the role', async () => {
    expect((await login(testApp.baseUrl, 'Orang Asing', 'anything', from())).body.message).toBe('Nama tidak ditemukan');
    expect((await login(testApp.baseUrl, student.name, admin.id, from())).body.message).toBe('Kode salah!');
  });

  it.each([
    [{}, { name: 'Nama harus diisi', code: 'Kode Masuk harus diisi' }],
    [
      { name: '   ', code: '' },
      { name: 'Nama harus diisi', code: 'Kode Masuk harus diisi' },
    ],
    [
      { name: 5, code: ['x'] },
      { name: 'Nama tidak valid', code: 'Kode Masuk tidak valid' },
    ],
    [{ name: 'x'.repeat(101), code: 'x' }, { name: 'Nama terlalu panjang (maks 100 karakter)' }],
    [{ name: 'Admin Uji', code: 'x', role: 'admin' }, { role: 'Kolom role tidak dikenal' }],
  ])('refuses the bad body %o with 400 and a message per field', async (body, errors) => {
    const reply = await requestJson(testApp.baseUrl, '/api/admin/login', { body, headers: from() });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Data yang dikirim tidak valid', errors });
  });

  it('refuses a login posted from another site (403)', async () => {
    const reply = await login(testApp.baseUrl, admin.name, admin.id, { ...from(), origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('accepts a login posted from its own origin', async () => {
    const reply = await login(testApp.baseUrl, admin.name, admin.id, { ...from(), origin: testApp.baseUrl });
    expect(reply.status).toBe(200);
  });
});

describe(`admin login log on ${TEST_ENGINE}`, () => {
  it('logs every attempt with name, address and outcome, never the code', async () => {
    const database = await createTestDatabase();
    const db = database.open();
    const [admin] = (await seedRoster(db)) as [User];
    await db.close();
    const server = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    try {
      await login(server.baseUrl, 'Admin Uji', 'SECRETGUESS99');
      await login(server.baseUrl, 'Tidak Ada', 'SECRETGUESS98');
      await login(server.baseUrl, 'Admin Uji', admin.id);
      await requestJson(server.baseUrl, '/api/admin/login', { body: { name: 'Admin Uji', code: '' } });
      const loginLines = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"admin-login"'));
      // The log reaches us through a pipe, independently of the HTTP answers: wait for all four lines.
      for (let waited = 0; loginLines().length < 4 && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      const lines = loginLines().map((line) => JSON.parse(line));
      expect(lines.map(({ name, ip, outcome }) => ({ name, ip, outcome }))).toEqual([
        { name: 'Admin Uji', ip: '127.0.0.1', outcome: 'wrong-code' },
        { name: 'Tidak Ada', ip: '127.0.0.1', outcome: 'name-not-found' },
        { name: 'Admin Uji', ip: '127.0.0.1', outcome: 'ok' },
        { name: 'Admin Uji', ip: '127.0.0.1', outcome: 'invalid-input' },
      ]);
      for (const secret of ['SECRETGUESS99', 'SECRETGUESS98', admin.id]) expect(server.output()).not.toContain(secret);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
