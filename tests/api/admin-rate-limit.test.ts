import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_SLOW_DELAY_MS, LOGIN_WINDOW_MS } from '../../src/domain/admin/admin-limits';
import type { User } from '../../src/server/roster/repository';
import { login } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { present } from '../helpers/present';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const MINUTE = 60_000;
const ip = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}` });

describe(`login rate limit on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  let admin: User;
  let student: User;

  async function start(clock = createTestClock()) {
    const testApp = await startTestApp({ config: { trustProxy: 1 }, now: clock.now });
    apps.push(testApp);
    [admin, student] = (await seedRoster(testApp.db)) as [User, User];
    return { testApp, clock, baseUrl: testApp.baseUrl };
  }

  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  it('refuses the 21st attempt from one address within 15 minutes, whatever names it tries, even with the right code', async () => {
    const { baseUrl } = await start();
    for (let n = 0; n < 20; n++) expect((await login(baseUrl, `Orang ${n}`, 'x', ip(1))).status).toBe(401);
    const blocked = await login(baseUrl, admin.name, admin.id, ip(1));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Terlalu banyak percobaan. Coba lagi dalam 15 menit.' });
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect((await login(baseUrl, admin.name, admin.id, ip(2))).status).toBe(200);
  });

  it('refuses the 6th attempt for one name from one address (brute force), however the name is written', async () => {
    const { baseUrl } = await start();
    for (let n = 1; n <= 5; n++) {
      expect((await login(baseUrl, n % 2 ? 'Admin Uji' : '  ADMIN uji ', 'x', ip(1))).status).toBe(401);
    }
    const blocked = await login(baseUrl, 'admin uji', admin.id, ip(1));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Terlalu banyak percobaan. Coba lagi dalam 15 menit.');
    // The same address may still sign in as someone else, and the admin from elsewhere.
    expect((await login(baseUrl, student.name, 'x', ip(1))).status).toBe(401);
    expect((await login(baseUrl, admin.name, admin.id, ip(2))).status).toBe(200);
  });

  it('never locks the admin out for wrong codes sent for their name from other addresses', async () => {
    const { baseUrl } = await start();
    for (let n = 1; n <= 5; n++) expect((await login(baseUrl, admin.name, 'x', ip(n))).status).toBe(401);
    expect((await login(baseUrl, admin.name, admin.id, ip(99))).status).toBe(200);
  });

  it('holds attempts for a name under attack back for a second instead of refusing them', async () => {
    const logs: string[] = [];
    const clock = createTestClock();
    const testApp = await startTestApp({
      config: { trustProxy: 1 },
      now: clock.now,
      buildOptions: { logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } },
    });
    apps.push(testApp);
    [admin] = (await seedRoster(testApp.db)) as [User];
    const delays = () =>
      logs
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.event === 'admin-login')
        .map((entry) => [entry.outcome, entry.delayedMs]);
    for (let n = 1; n <= 10; n++) expect((await login(testApp.baseUrl, admin.name, 'x', ip(n))).status).toBe(401);
    expect((await login(testApp.baseUrl, admin.name, admin.id, ip(99))).status).toBe(200);
    expect(delays()).toEqual([...Array(10).fill(['wrong-code', 0]), ['ok', LOGIN_SLOW_DELAY_MS]]);
    clock.advance(LOGIN_WINDOW_MS);
    expect((await login(testApp.baseUrl, admin.name, admin.id, ip(99))).status).toBe(200);
    expect(delays().at(-1)).toEqual(['ok', 0]);
  });

  it('counts failures of every kind from one address: unknown name, wrong code and not an admin', async () => {
    const { baseUrl } = await start();
    for (let n = 0; n < 7; n++) await login(baseUrl, `Orang Asing ${n}`, 'x', ip(1));
    for (let n = 0; n < 4; n++) await login(baseUrl, admin.name, 'x', ip(1));
    for (let n = 0; n < 4; n++) await login(baseUrl, student.name, 'x', ip(1));
    for (let n = 0; n < 4; n++) expect((await login(baseUrl, 'Rizky Maulana', student.id, ip(1))).status).toBe(401);
    // The 20th failure: a student with the right code is still a failed admin login.
    expect((await login(baseUrl, student.name, student.id, ip(1))).status).toBe(403);
    expect((await login(baseUrl, admin.name, admin.id, ip(1))).status).toBe(429);
  });

  it('says how many whole minutes remain until the oldest counted failure leaves the window', async () => {
    const { baseUrl, clock } = await start();
    for (let n = 0; n < 5; n++) {
      await login(baseUrl, admin.name, 'x', ip(1));
      clock.advance(MINUTE);
    }
    // Failures at 0, 1, 2, 3 and 4 minutes; now 10.5 minutes after the first.
    clock.advance(5.5 * MINUTE);
    const blocked = await login(baseUrl, admin.name, admin.id, ip(1));
    expect(blocked.body.message).toBe('Terlalu banyak percobaan. Coba lagi dalam 5 menit.');
    expect(blocked.headers.get('retry-after')).toBe('270');

    clock.advance(4.5 * MINUTE - 1);
    expect((await login(baseUrl, admin.name, admin.id, ip(1))).body.message).toBe('Terlalu banyak percobaan. Coba lagi dalam 1 menit.');
    clock.advance(1);
    expect((await login(baseUrl, admin.name, admin.id, ip(1))).status).toBe(200);
  });

  it('lets attempts through again 15 minutes after the failures, and refused attempts do not extend the lockout', async () => {
    const { baseUrl, clock } = await start();
    for (let n = 0; n < 5; n++) await login(baseUrl, admin.name, 'x', ip(1));
    for (let n = 0; n < 10; n++) {
      clock.advance(MINUTE);
      expect((await login(baseUrl, admin.name, 'x', ip(1))).status).toBe(429);
    }
    clock.advance(LOGIN_WINDOW_MS - 10 * MINUTE);
    expect((await login(baseUrl, admin.name, admin.id, ip(1))).status).toBe(200);
  });

  it('does not count successful logins or refused bad bodies', async () => {
    const { baseUrl } = await start();
    for (let n = 0; n < 4; n++) await login(baseUrl, admin.name, 'x', ip(1));
    for (let n = 0; n < 10; n++) {
      expect((await requestJson(baseUrl, '/api/admin/login', { body: { name: admin.name }, headers: ip(1) })).status).toBe(400);
    }
    for (let n = 0; n < 3; n++) expect((await login(baseUrl, admin.name, admin.id, ip(1))).status).toBe(200);
    expect((await login(baseUrl, admin.name, 'x', ip(1))).status).toBe(401);
    expect((await login(baseUrl, admin.name, admin.id, ip(1))).status).toBe(429);
  });

  it('holds across two app instances sharing one database', async () => {
    const clock = createTestClock();
    const first = await start(clock);
    const second = await startTestApp({ config: { trustProxy: 1 }, now: clock.now, database: first.testApp.database });
    apps.unshift(second);
    for (let n = 0; n < 3; n++) expect((await login(first.baseUrl, admin.name, 'x', ip(7))).status).toBe(401);
    for (let n = 3; n < 5; n++) expect((await login(second.baseUrl, admin.name, 'x', ip(7))).status).toBe(401);
    expect((await login(first.baseUrl, admin.name, admin.id, ip(7))).status).toBe(429);
    expect((await login(second.baseUrl, admin.name, admin.id, ip(7))).status).toBe(429);
  });

  it('lets no more than 5 of 20 parallel wrong attempts reach the code check', async () => {
    const { baseUrl } = await start();
    const replies = await Promise.all(Array.from({ length: 20 }, () => login(baseUrl, admin.name, 'x', ip(3))));
    const checked = replies.filter((reply) => reply.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(20 - checked);
    // Only the attempts that were checked stay on record.
    const stored = await present(apps[0], 'the first instance').db.kysely.selectFrom('login_attempts').select('succeeded').execute();
    expect(stored).toHaveLength(checked);
  });
});
