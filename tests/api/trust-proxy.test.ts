import { afterEach, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../src/server/config';
import { login } from '../helpers/admin-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const SPOOFED = { 'x-forwarded-for': '10.77.0.5, 198.51.100.200' };

describe(`the client address behind proxies on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  /** The address the server took for one login attempt with `headers`, as it recorded it. */
  async function addressSeen(trustProxy: TrustProxy, headers: Record<string, string>): Promise<string> {
    const testApp = await startTestApp({ config: { trustProxy } });
    apps.push(testApp);
    expect((await login(testApp.baseUrl, 'Siapa Saja', 'x', headers)).status).toBe(401);
    const row = await testApp.db.kysely.selectFrom('login_attempts').select('ip').executeTakeFirstOrThrow();
    return row.ip;
  }

  it('behind one proxy takes the entry that proxy added, not the left-most one the client wrote', async () => {
    expect(await addressSeen(1, SPOOFED)).toBe('198.51.100.200');
  });

  it('behind two proxies takes the entry the outer one added', async () => {
    expect(await addressSeen(2, SPOOFED)).toBe('10.77.0.5');
  });

  it('behind proxies named by address skips exactly those', async () => {
    expect(await addressSeen(['127.0.0.1'], SPOOFED)).toBe('198.51.100.200');
    expect(await addressSeen(['127.0.0.1', '198.51.100.0/24'], SPOOFED)).toBe('10.77.0.5');
  });

  it('without a trusted proxy ignores X-Forwarded-For', async () => {
    expect(await addressSeen(0, SPOOFED)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('lets no client escape the per-address limit by writing its own X-Forwarded-For entries', async () => {
    const testApp = await startTestApp({ config: { trustProxy: 1 } });
    apps.push(testApp);
    const replies = [];
    for (let n = 0; n < 25; n++) {
      replies.push((await login(testApp.baseUrl, `Orang ${n}`, 'x', { 'x-forwarded-for': `10.77.0.${n}, 198.51.100.200` })).status);
    }
    expect(replies).toContain(429);
    const rows = await testApp.db.kysely.selectFrom('login_attempts').select('ip').distinct().execute();
    expect(rows).toEqual([{ ip: '198.51.100.200' }]);
  });
});
