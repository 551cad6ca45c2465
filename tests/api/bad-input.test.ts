import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/domain/admin/admin-messages';
import { messages } from '../../src/domain/text/messages';
import { loginCookie } from '../helpers/admin-fixtures';
import { seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const STATIC_MESSAGES = new Set(
  [...Object.values(messages), ...Object.values(adminMessages)].filter((value: unknown): value is string => typeof value === 'string'),
);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let testApp: TestApp;
let adminCookie: string;

beforeAll(async () => {
  testApp = await startTestApp();
  const [admin] = await seedRoster(testApp.db);
  if (!admin) throw new Error('no admin in the roster');
  adminCookie = await loginCookie(testApp.baseUrl, admin);
});
afterAll(async () => {
  await testApp.close();
});

const TABLES = ['users', 'borrow_request', 'vouchers', 'outbox', 'admin_sessions'] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await testApp.db.kysely
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    "'; drop table users; --",
    "' or '1'='1",
    '\u0000\u0001\u001f',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '2026-02-30',
    '24:00',
    '7:5',
    '25:99',
    'VCH-AAAAAA',
    '__proto__',
    'x'.repeat(600),
    'Budi Santoso',
  ),
);
const jsonish = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const bookingLike = fc.record(
  { name: jsonish, date: jsonish, start: jsonish, end: jsonish, reason: jsonish, needStnk: jsonish, extra: jsonish },
  { requiredKeys: [] },
);
const protoPolluting = fc.constantFrom(
  '{"__proto__":{"isAdmin":true},"name":"Budi Santoso"}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"name":"Budi Santoso","__proto__":null}',
);
const rawBody = fc.oneof(
  bookingLike.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  protoPolluting,
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

const ENDPOINTS = [
  { method: 'POST', path: '/api/bookings' },
  { method: 'POST', path: '/api/bookings/cancel' },
  { method: 'POST', path: '/api/bookings/by-token' },
  { method: 'POST', path: '/api/bookings/by-token/ics' },
  { method: 'POST', path: '/api/admin/login' },
  { method: 'POST', path: '/api/admin/logout' },
  { method: 'POST', path: '/api/admin/vouchers' },
  { method: 'GET', path: '/api/admin/vouchers' },
  { method: 'GET', path: '/api/admin/session' },
  { method: 'POST', path: '/api/admin/members' },
  { method: 'PUT', path: '/api/admin/members/no-such-ref' },
  { method: 'POST', path: '/api/admin/members/import' },
  { method: 'POST', path: '/api/admin/bookings/no-such-ref/cancel' },
  { method: 'POST', path: '/api/admin/vouchers/VCH-NOSUCH/revoke' },
] as const;
type Endpoint = (typeof ENDPOINTS)[number];

// Signed in, the admin endpoints get past the session check to their bodies. Logging out is left
// out: it would end the session for the runs after it.
const SIGNED_IN_ENDPOINTS = ENDPOINTS.filter((endpoint) => endpoint.path !== '/api/admin/logout');

async function expectRejectedCleanly(response: Response, before: Record<string, number>): Promise<void> {
  expect(response.status).toBeLessThan(500);
  if (response.status < 400) return;
  const body = await response.json();
  if (response.status === 422) {
    expect(Object.values(body.errors).length).toBeGreaterThan(0);
    for (const text of Object.values(body.errors)) expect(typeof text).toBe('string');
  } else {
    expect(STATIC_MESSAGES.has(body.message) || /^Terlalu banyak percobaan\. Coba lagi dalam \d+ menit\.$/.test(body.message)).toBe(true);
  }
  expect(await rowCounts()).toEqual(before);
}

/** Random bodies and content types at `endpoints`, each answered cleanly (see expectRejectedCleanly). */
async function fuzzBodies(endpoints: readonly Endpoint[], headers: Record<string, string> = {}): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...endpoints), rawBody, contentType, async (endpoint, body, type) => {
      const before = await rowCounts();
      const response = await fetch(`${testApp.baseUrl}${endpoint.path}`, {
        method: endpoint.method,
        headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
        body: endpoint.method === 'GET' ? undefined : body,
      });
      await expectRejectedCleanly(response, before);
    }),
    { numRuns: RUNS },
  );
}

describe(`hostile input at every endpoint (${TEST_ENGINE})`, () => {
  it('random bodies and content types never cause a 5xx, always an Indonesian message, and write nothing', async () => {
    await fuzzBodies(ENDPOINTS);
  });

  it('with an admin session, random bodies and content types never cause a 5xx and rejected ones write nothing', async () => {
    await fuzzBodies(SIGNED_IN_ENDPOINTS, { cookie: adminCookie, origin: testApp.baseUrl });
  });

  it('random query strings on the availability list never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('date', 'tanggal', '__proto__', 'x'), hostileString), { maxLength: 3 }),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const before = await rowCounts();
          const response = await fetch(`${testApp.baseUrl}/api/bookings?${query}`);
          await expectRejectedCleanly(response, before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('random cancel secrets in the by-token bodies never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, fc.constantFrom('', '/ics'), async (token, suffix) => {
        const before = await rowCounts();
        const response = await fetch(`${testApp.baseUrl}/api/bookings/by-token${suffix}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        });
        await expectRejectedCleanly(response, before);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a body over 1 MB with 413 and stays up', async () => {
    const before = await rowCounts();
    const response = await fetch(`${testApp.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Budi Santoso', reason: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(messages.bodyTooLarge);
    expect(await rowCounts()).toEqual(before);
    expect((await fetch(`${testApp.baseUrl}/healthz`)).status).toBe(200);
  });

  it('is still healthy after all of it', async () => {
    expect((await fetch(`${testApp.baseUrl}/healthz`)).status).toBe(200);
  });
});
