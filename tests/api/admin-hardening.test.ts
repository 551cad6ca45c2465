import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/domain/admin/admin-messages';
import { messages } from '../../src/domain/text/messages';
import type { User } from '../../src/server/roster/repository';
import { adminClient, login, loginCookie, sessionCookieOf } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { runCommand, startServerProcess } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';
// Tab and carriage return cannot start a stored name, class or reason (refused, or trimmed): tests/unit/csv-cell.test.ts covers them.
const FORMULAS = ['=HYPERLINK("http://evil.example","klik")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1)'];

describe(`the admin console against a hostile user on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let admin: User;
  let api: ReturnType<typeof adminClient>;
  const now = jakartaInstant(TODAY, '08:00');

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    [admin] = (await seedRoster(testApp.db)) as [User];
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('exports every user-written cell that starts like a formula with a leading apostrophe, and the CSV still parses to the text', async () => {
    const date = '2026-12-07';
    const names = FORMULAS.slice(0, 4);
    for (const [index, name] of names.entries()) {
      expect((await api.post('/api/admin/members', { name, class: FORMULAS[(index + 1) % 4] })).status).toBe(201);
    }
    for (const [index, reason] of FORMULAS.entries()) {
      const hour = String(8 + index).padStart(2, '0');
      const name = names[index % names.length];
      expect((await postBooking(testApp.baseUrl, bookingBody({ name, date, start: `${hour}:00`, end: `${hour}:30`, reason }))).status).toBe(
        201,
      );
    }
    const [first] = (await api.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings;
    expect((await api.post(`/api/admin/bookings/${first.ref}/cancel`, { reason: '=1+1' })).status).toBe(200);

    const csv: string = (await api.get(`/api/admin/bookings.csv?from=${date}&to=${date}`)).body;
    const [header, ...rows] = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
    const column = (title: string) => header?.indexOf(title) ?? -1;
    expect(rows).toHaveLength(FORMULAS.length);
    for (const [index, row] of rows.entries()) {
      const name = names[index % names.length] ?? '';
      expect(row[column('Nama')]).toBe(`'${name}`);
      expect(row[column('Kelas')]).toBe(`'${FORMULAS[(names.indexOf(name) + 1) % 4]}`);
      expect(row[column('Alasan')]).toBe(`'${FORMULAS[index]}`);
      expect(row[column('Tanggal')]).toBe(date);
    }
    expect(rows[0]?.[column('Alasan pembatalan')]).toBe("'=1+1");
  });

  it('signs a deactivated or demoted admin out for good: the old cookie stays 401 after reactivation or promotion', async () => {
    const added = await api.post('/api/admin/members', { name: 'Admin Kedua', class: 'PPTI 21', admin: true });
    expect(added.status).toBe(201);
    const { ref } = added.body.member;
    const signIn = async () => sessionCookieOf(await login(testApp.baseUrl, 'Admin Kedua', added.body.loginCode));
    const session = (cookie: string) => requestJson(testApp.baseUrl, '/api/admin/session', { headers: { cookie } });

    const beforeDeactivation = await signIn();
    expect((await session(beforeDeactivation)).status).toBe(200);
    expect((await api.post(`/api/admin/members/${ref}/deactivate`)).status).toBe(200);
    expect((await api.post(`/api/admin/members/${ref}/activate`)).status).toBe(200);
    expect((await session(beforeDeactivation)).status).toBe(401);

    const beforeDemotion = await signIn();
    expect((await session(beforeDemotion)).status).toBe(200);
    expect((await api.put(`/api/admin/members/${ref}`, { name: 'Admin Kedua', class: 'PPTI 21', admin: false })).status).toBe(200);
    expect((await api.put(`/api/admin/members/${ref}`, { name: 'Admin Kedua', class: 'PPTI 21', admin: true })).status).toBe(200);
    expect((await session(beforeDemotion)).status).toBe(401);
    expect((await session(await signIn())).status).toBe(200);
  });

  it('refuses a control character in every admin text field with 400 naming it, and a line break in names and classes', async () => {
    const refusal = (label: string) => messages.controlCharacter(label);
    const cases: [string, () => Promise<{ status: number; body: { errors?: Record<string, string> } }>, string, string][] = [
      [
        'a new name with BEL',
        () => api.post('/api/admin/members', { name: 'A\u0007B', class: 'PPTI 21' }),
        'name',
        adminMessages.memberName,
      ],
      [
        'a new name with a line break',
        () => api.post('/api/admin/members', { name: 'Budi\nSantoso', class: 'PPTI 21' }),
        'name',
        adminMessages.memberName,
      ],
      [
        'a new class with NUL',
        () => api.post('/api/admin/members', { name: 'Cici', class: 'PPTI\u000021' }),
        'class',
        adminMessages.memberClass,
      ],
      ['a voucher note with NUL', () => api.post('/api/admin/vouchers', { note: 'untuk\u0000Budi' }), 'note', adminMessages.voucherNote],
    ];
    const [, budi] = (await api.get('/api/admin/members')).body.members as { ref: string; name: string }[];
    cases.push([
      'an edited name with an escape sequence',
      () => api.put(`/api/admin/members/${budi?.ref}`, { name: '\u001b[31mBudi', class: 'PPTI 21' }),
      'name',
      adminMessages.memberName,
    ]);
    const date = '2026-12-09';
    expect((await postBooking(testApp.baseUrl, bookingBody({ date }))).status).toBe(201);
    const [booking] = (await api.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings;
    cases.push([
      'a cancel reason with ESC',
      () => api.post(`/api/admin/bookings/${booking.ref}/cancel`, { reason: 'hujan\u001b' }),
      'reason',
      adminMessages.cancelReasonLabel,
    ]);
    for (const [what, send, field, label] of cases) {
      const reply = await send();
      expect(reply.status, what).toBe(400);
      expect(reply.body.errors?.[field], what).toBe(refusal(label));
    }
  });

  it('prints control characters of names stored before they were refused escaped, in the roster command', async () => {
    await testApp.db.kysely.updateTable('users').set({ class: 'PPTI\u001b[2J21' }).where('name', '=', 'Rizky Maulana').execute();
    const listed = await runCommand(['dist/cli/roster.js', 'list'], { DATABASE_URL: testApp.database.url });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Rizky Maulana\tPPTI\\u001b[2J21');
    expect(listed.stdout).not.toContain('\u001b');
  });
});

describe('refused sign-ins in Riwayat', () => {
  it('carry the address, and repeats from it for one name within a minute count on one entry', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '09:00'));
    const testApp = await startTestApp({ now: clock.now });
    try {
      const [admin] = (await seedRoster(testApp.db)) as [User];
      for (let attempt = 0; attempt < 3; attempt++) expect((await login(testApp.baseUrl, 'Admin Uji', 'TEBAKAN')).status).toBe(401);
      clock.advance(61_000);
      expect((await login(testApp.baseUrl, 'Admin Uji', 'TEBAKAN')).status).toBe(401);
      const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
      const refused = (await api.get('/api/admin/audit')).body.entries.filter(
        (entry: { action: string }) => entry.action === 'login-refused',
      );
      expect(refused).toEqual([
        {
          at: clock.now().toISOString(),
          who: 'Admin Uji',
          action: 'login-refused',
          target: null,
          detail: 'Kode salah!',
          address: '127.0.0.1',
          repeats: 1,
        },
        {
          at: jakartaInstant(TODAY, '09:00').toISOString(),
          who: 'Admin Uji',
          action: 'login-refused',
          target: null,
          detail: 'Kode salah!',
          address: '127.0.0.1',
          repeats: 3,
        },
      ]);
    } finally {
      await testApp.close();
    }
  });
});

describe('a careless deployment', () => {
  it('is warned at start when a TRUST_PROXY hop count meets a HOST that is not loopback', async () => {
    const database = await createTestDatabase();
    try {
      const warned = await startServerProcess({ DATABASE_URL: database.url, TRUST_PROXY: '1', HOST: '0.0.0.0', LOG_LEVEL: 'info' });
      await warned.stop();
      expect(warned.output()).toContain('TRUST_PROXY=1 believes X-Forwarded-For from whoever connects, and HOST=0.0.0.0');
      const behindLocalProxy = await startServerProcess({ DATABASE_URL: database.url, TRUST_PROXY: '1', LOG_LEVEL: 'info' });
      await behindLocalProxy.stop();
      expect(behindLocalProxy.output()).not.toContain('believes X-Forwarded-For');
    } finally {
      await database.drop();
    }
  });

  it('publishes the container port on loopback only', () => {
    expect(readFileSync('compose.yaml', 'utf8')).toMatch(/^ {6}- "127\.0\.0\.1:\$\{PORT:-3000\}:3000"$/m);
  });
});
