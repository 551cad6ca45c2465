import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { messages } from '../../src/domain/text/messages';
import { buildApp } from '../../src/server/app';
import type { TrustProxy } from '../../src/server/config';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, seedRoster } from '../helpers/roster';
import { testConfig } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const DAY = '2026-12-01';
const WEEK = '/api/bookings?from=2026-11-30&to=2026-12-06';

interface RawAnswer {
  status: number;
  /** Every header as sent, name and value, in order, but the date. */
  headers: string[];
  body: Buffer;
}

function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs = response.rawHeaders.flatMap((value, index) =>
          index % 2 === 0 ? [`${value}: ${response.rawHeaders[index + 1]}`] : [],
        );
        resolve({
          status: response.statusCode ?? 0,
          headers: pairs.filter((line) => !line.startsWith('Date:')),
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The app on `database`, with a hook after all of its own that notes every request reaching Fastify's hooks. */
async function startNoting(database: TestDatabase, db: Db, now: () => Date, trustProxy: TrustProxy) {
  const app = await buildApp({ config: testConfig(database, { trustProxy }), db, now }, { logger: false });
  const reached: string[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    reached.push(`${request.method} ${request.url}`);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, reached, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/**
 * Decision 0064: a GET of a schedule answer kept under this turn's counter read is answered before
 * Fastify routes it, with the very bytes the route sends; anything else goes the whole way.
 */
describe(`kept schedule answers, answered before Fastify, on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let baseUrl: string;
  let now = jakartaInstant('2026-11-28', '08:00');
  let reachedFastify: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.open();
    await seedRoster(db, [BUDI]);
    // One proxy in front: X-Forwarded-Proto says whether the phone came by HTTPS.
    const started = await startNoting(database, db, () => now, 1);
    ({ app, baseUrl } = started);
    reachedFastify = started.reached;
    // Enough bookings that the week's JSON passes the 1 KB under which nothing is compressed.
    for (const date of ['2026-12-01', '2026-12-03', '2026-12-04']) {
      for (const start of ['08:00', '10:00', '12:00', '14:00']) {
        const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
        expect((await postBooking(baseUrl, bookingBody({ date, start, end }))).status).toBe(201);
      }
    }
  });
  afterAll(async () => {
    if (app.server.listening) await app.close();
    await database.drop();
  });

  /** Any write to what the schedule shows makes every kept answer stale: the route computes the next one. */
  async function write(): Promise<void> {
    await db.kysely.updateTable('users').set({ class: 'PPTI 21' }).where('name', '=', BUDI.name).execute();
  }

  it.each([
    ['a day', `/api/bookings?date=${DAY}`, {}, undefined],
    ['a week, uncompressed', WEEK, {}, undefined],
    ['a week in br', WEEK, { 'accept-encoding': 'gzip, deflate, br' }, 'content-encoding: br'],
    ['a week in gzip', WEEK, { 'accept-encoding': 'gzip' }, 'content-encoding: gzip'],
    ['a week over HTTPS', WEEK, { 'x-forwarded-proto': 'https' }, 'strict-transport-security: max-age=31536000; includeSubDomains'],
  ])('sends %s from memory with the bytes of the route’s own answer', async (_name, path, headers: Record<string, string>, line) => {
    await write();
    reachedFastify.length = 0;
    const computed = await rawGet(baseUrl, path, headers);
    const kept = await rawGet(baseUrl, path, headers);
    expect(reachedFastify).toEqual([`GET ${path}`]);
    expect(computed.status).toBe(200);
    expect(kept).toEqual(computed);
    expect(computed.headers).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
    if (line) expect(computed.headers).toContain(line);
    // Another URL is not kept yet: it goes the whole way.
    await rawGet(baseUrl, '/api/bookings?date=2026-12-02');
    expect(reachedFastify).toEqual([`GET ${path}`, 'GET /api/bookings?date=2026-12-02']);
  });

  it('answers 304 from memory as the route does, over HTTP and HTTPS', async () => {
    const path = `/api/bookings?date=${DAY}`;
    const { headers } = await rawGet(baseUrl, path);
    const etag = headers.find((line) => line.startsWith('etag: '))?.slice('etag: '.length) ?? '';
    for (const proto of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      await write();
      reachedFastify.length = 0;
      const computed = await rawGet(baseUrl, path, { 'if-none-match': etag, ...proto });
      const kept = await rawGet(baseUrl, path, { 'if-none-match': etag, ...proto });
      expect(reachedFastify).toEqual([`GET ${path}`]);
      expect(computed.status).toBe(304);
      expect(computed.body.length).toBe(0);
      expect(kept).toEqual(computed);
    }
  });

  it('sends a HEAD, and a kept answer after a write, the whole way', async () => {
    const path = `/api/bookings?date=${DAY}`;
    await rawGet(baseUrl, path);
    reachedFastify.length = 0;
    expect((await rawGet(baseUrl, path, {}, 'HEAD')).status).toBe(200);
    await db.kysely.updateTable('users').set({ name: 'Budi Baru' }).where('name', '=', BUDI.name).execute();
    const after = await rawGet(baseUrl, path);
    expect(new Set(JSON.parse(after.body.toString()).bookings.map((booking: { name: string }) => booking.name))).toEqual(
      new Set(['Budi Baru']),
    );
    await db.kysely.updateTable('users').set({ name: BUDI.name }).where('name', '=', 'Budi Baru').execute();
    expect(reachedFastify).toEqual([`HEAD ${path}`, `GET ${path}`]);
  });

  it('refuses a kept day once it has left the window, as the route does', async () => {
    const path = `/api/bookings?date=${DAY}`;
    expect((await rawGet(baseUrl, path)).status).toBe(200);
    expect((await rawGet(baseUrl, path)).status).toBe(200);
    now = jakartaInstant('2026-12-09', '00:00');
    const refused = await rawGet(baseUrl, path);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString())).toEqual({
      message: messages.scheduleOutsideWindow('Rabu, 2 Desember 2026', 'Selasa, 9 Maret 2027'),
    });
    now = jakartaInstant('2026-11-28', '08:00');
  });

  it('still answers a kept URL that reaches it while it closes with the closing 503 in Indonesian', async () => {
    const path = `/api/bookings?date=${DAY}`;
    await rawGet(baseUrl, path);
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // A request whose body is still on its way keeps the connection busy while the server closes.
    const inFlight = new Promise((resolve) => app.server.once('request', resolve));
    socket.write('POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{');
    await inFlight;
    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write(`}GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await ended;
    await closed;
    const late = received.split(/(?=HTTP\/1\.1 )/)[1] ?? '';
    expect(late).toMatch(/^HTTP\/1\.1 503 /);
    expect(late.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: messages.serverClosing }));
  });
});

describe(`kept schedule answers behind a listed proxy (TRUST_PROXY as addresses) on ${TEST_ENGINE}`, () => {
  it.each([
    ['trusted', ['127.0.0.1'], true],
    ['not trusted', ['10.9.8.7'], false],
  ])('take X-Forwarded-Proto as Fastify does from a proxy it has %s', async (_name, trustProxy, hsts) => {
    const database = await createTestDatabase();
    const db = database.open();
    const { app, baseUrl, reached } = await startNoting(database, db, () => jakartaInstant('2026-11-28', '08:00'), trustProxy);
    try {
      const path = `/api/bookings?date=${DAY}`;
      const plain = await rawGet(baseUrl, path);
      const fromProxy = await rawGet(baseUrl, path, { 'x-forwarded-proto': 'https' });
      const keptFromProxy = await rawGet(baseUrl, path, { 'x-forwarded-proto': 'https' });
      const keptPlain = await rawGet(baseUrl, path);
      // The first answer by way of the proxy goes the whole way: it tells whether Fastify trusts it.
      expect(reached).toEqual([`GET ${path}`, `GET ${path}`]);
      expect(keptFromProxy).toEqual(fromProxy);
      expect(keptPlain).toEqual(plain);
      expect(fromProxy.headers.includes('strict-transport-security: max-age=31536000; includeSubDomains')).toBe(hsts);
      expect(plain.headers.some((line) => line.startsWith('strict-transport-security'))).toBe(false);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
