import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, login, loginCookie } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { present } from '../helpers/present';
import { seedRoster } from '../helpers/roster';
import { type JsonReply, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

interface Seen {
  request: string;
  status: number;
  text: string;
}

describe(`user ids in public answers on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let users: User[];
  const seen: Seen[] = [];

  /** A request as a student's browser makes it; the whole answer, headers included, is kept. */
  async function visit(path: string, init: { method?: string; body?: unknown } = {}): Promise<Seen> {
    const response = await fetch(`${testApp.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json', origin: testApp.baseUrl },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    const entry = { request: `${init.method ?? 'GET'} ${path}`, status: response.status, text: `${headers}\n\n${await response.text()}` };
    seen.push(entry);
    return entry;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ now: createTestClock(new Date('2026-11-22T01:00:00.000Z')).now });
    users = await seedRoster(testApp.db);
    // A used and an unused voucher exist, as they would in a running app.
    const cookie = await loginCookie(testApp.baseUrl, present(users[0], 'a seeded user'));
    for (let n = 0; n < 2; n++)
      await fetch(`${testApp.baseUrl}/api/admin/vouchers`, { method: 'POST', headers: { cookie, origin: testApp.baseUrl } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a full student flow never receives any user id, the admin login code least of all', async () => {
    const [voucher] = await testApp.db.kysely.selectFrom('vouchers').select('code').execute();
    const pages = await Promise.all(['/', '/peraturan', '/form', '/login', '/generate', '/no-such-page'].map((path) => visit(path)));
    const assets = new Set(
      pages.flatMap((page) => [...page.text.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => present(match[1], 'the path'))),
    );
    for (const asset of assets) await visit(asset);
    // Lazily loaded chunks are named inside the entry script.
    const scripts = seen.filter((entry) => entry.request.endsWith('.js')).map((entry) => entry.text);
    for (const chunk of new Set(
      scripts.flatMap((text) =>
        [...text.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g)].map((m) => present(m[1], 'the chunk name')),
      ),
    )) {
      await visit(`/assets/${chunk}`);
    }

    await visit('/healthz');
    await visit('/api/today');
    await visit('/api/roster');
    await visit('/api/bookings?date=2026-11-23');
    const booking = { name: 'Budi Santoso', date: '2026-11-23', start: '08:00', end: '10:00', reason: 'Ke kampus', needStnk: 'ya' };
    expect((await visit('/api/bookings', { method: 'POST', body: booking })).status).toBe(201);
    expect((await visit('/api/bookings', { method: 'POST', body: { ...booking, start: '09:00' } })).status).toBe(422);
    expect((await visit('/api/bookings', { method: 'POST', body: { ...booking, name: 'Admin Uji', date: '2026-11-24' } })).status).toBe(
      201,
    );
    const withVoucher = {
      ...booking,
      name: 'Rizky Maulana',
      date: '2026-11-24',
      start: '11:00',
      reason: present(voucher, 'a voucher').code,
    };
    expect((await visit('/api/bookings', { method: 'POST', body: withVoucher })).status).toBe(201);
    await visit('/api/bookings', { method: 'POST', body: { ...booking, name: 'Orang Asing' } });
    await visit('/api/bookings', { method: 'POST', body: { name: 'Budi Santoso' } });
    await visit('/api/bookings', { method: 'POST', body: {} });
    await visit('/api/bookings?date=2026-11-23');
    await visit('/api/bookings?date=2026-11-24');
    await visit('/api/bookings?date=bukan-tanggal');
    await visit('/api/no-such-thing');
    // What a student sees of the admin endpoints without signing in.
    await visit('/api/admin/session');
    await visit('/api/admin/vouchers');
    await visit('/api/admin/login', { method: 'POST', body: { name: 'Budi Santoso', code: 'tebak' } });
    await visit('/api/admin/login', { method: 'POST', body: { name: 'Admin Uji', code: 'tebak' } });

    const chunks = seen.filter((entry) => /^GET \/assets\/.+\.js$/.test(entry.request));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.every((entry) => entry.status === 200)).toBe(true);
    expect(chunks.some((entry) => entry.text.includes('Generate Voucher'))).toBe(true);
    expect(seen.filter((entry) => entry.request.startsWith('POST /api/bookings') && entry.status === 201)).toHaveLength(3);
    for (const user of users) {
      const leaks = seen.filter((entry) => entry.text.includes(user.id)).map((entry) => entry.request);
      expect(leaks, `${user.name}'s id`).toEqual([]);
    }
  });

  it('no admin answer carries a user id, except the login code of an admin just added', async () => {
    const [admin, student] = users as [User, User];
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const api = adminClient(testApp.baseUrl, cookie);
    const answers: { request: string; text: string }[] = [];
    const keep = async (request: string, reply: Promise<JsonReply>) => {
      const { body } = await reply;
      answers.push({ request, text: JSON.stringify(body) });
      return body;
    };
    await keep('login', login(testApp.baseUrl, admin.name, admin.id));
    await keep('session', api.get('/api/admin/session'));
    const members = await keep('members', api.get('/api/admin/members'));
    const studentRef = members.members.find((member: { name: string }) => member.name === student.name).ref;
    await keep('edit', api.put(`/api/admin/members/${studentRef}`, { name: student.name, class: 'PPTI 22', admin: false }));
    await keep('deactivate', api.post(`/api/admin/members/${studentRef}/deactivate`));
    await keep('activate', api.post(`/api/admin/members/${studentRef}/activate`));
    await keep('import', api.post('/api/admin/members/import', { csv: 'name,class\nOrang Baru,PPTI 21\n' }));
    await keep('vouchers', api.get('/api/admin/vouchers'));
    const bookings = await keep('bookings', api.get('/api/admin/bookings?from=2026-11-22&to=2026-11-30'));
    await keep('cancel', api.post(`/api/admin/bookings/${bookings.bookings[0].ref}/cancel`, { reason: 'Uji' }));
    await keep('bookings again', api.get('/api/admin/bookings?from=2026-11-22&to=2026-11-30'));
    await keep('audit', api.get('/api/admin/audit'));
    const added = await keep('add admin', api.post('/api/admin/members', { name: 'Admin Baru', class: 'PPTI 21', admin: true }));
    const ids = [...users.map((user) => user.id), added.loginCode as string];
    await keep('members again', api.get('/api/admin/members'));
    await keep('audit again', api.get('/api/admin/audit'));
    await keep('logout', api.post('/api/admin/logout'));

    const csv = await fetch(`${testApp.baseUrl}/api/admin/bookings.csv?from=2026-11-22&to=2026-11-30`, {
      headers: { cookie: await loginCookie(testApp.baseUrl, admin) },
    });
    answers.push({ request: 'csv', text: await csv.text() });
    const leaks = answers.filter((answer) => ids.some((id) => answer.text.includes(id))).map((answer) => answer.request);
    expect(leaks).toEqual(['add admin']);
  });
});
