import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { switchableDatabase } from '../helpers/database-switch';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe(`a bad query parameter while the database is away, on ${TEST_ENGINE}`, () => {
  it('answers 400 with its message, not 503: parameters are checked before any database access', async () => {
    const database = switchableDatabase();
    testApp = await startTestApp({ openDb: database.open });
    const [admin] = (await seedRoster(testApp.db)) as [User];
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    database.down();

    const good = await requestJson(testApp.baseUrl, '/api/bookings?date=2026-12-01');
    expect(good.status).toBe(503);
    expect(good.body.message).toBe(messages.scheduleUnavailable);

    for (const path of ['/api/bookings?date=besok', '/api/bookings?date=2026-02-30', '/api/bookings?from=2026-12-01&to=kemarin']) {
      const reply = await requestJson(testApp.baseUrl, path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message, path).toBe(messages.invalidBody);
    }
    for (const path of [
      '/api/admin/audit?page=nol',
      '/api/admin/bookings?from=kemarin',
      '/api/admin/bookings.csv?state=semua',
      '/api/admin/kas/book?page=-1',
      '/api/admin/kas.csv?month=13',
      `/api/admin/members/${'x'.repeat(65)}/bookings`,
    ]) {
      const reply = await api.get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message, path).toBe(messages.invalidBody);
    }
    // The admin's own pages are refused for the outage itself, not for their parameters.
    expect((await api.get('/api/admin/audit?page=2')).status).toBe(503);

    database.up();
    expect((await requestJson(testApp.baseUrl, '/api/bookings?date=2026-12-01')).status).toBe(200);
  });
});
