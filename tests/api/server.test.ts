import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database';
import { todayIn } from '../../src/domain/time/clock';
import { buildApp } from '../../src/server/app';
import { helmetOptions } from '../../src/server/plugins/security';
import { inlineScriptSources, inlineStyleSources } from '../../src/server/spa/inline-styles';
import { runCommand, startServerProcess } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp, testConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

describe('the app over HTTP', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers /healthz with 200 while the database answers', async () => {
    const reply = await requestJson(testApp.baseUrl, '/healthz');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
  });

  it('serves the SPA at / and at unknown page paths (with 404), index.html never cached', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/form', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await fetch(`${testApp.baseUrl}${path}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves the SPA to a client that asks for no compression (curl, a health probe)', async () => {
    for (const path of ['/', '/peraturan']) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        get(`${testApp.baseUrl}${path}`, (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        }).on('error', reject);
      });
      expect(status).toBe(200);
      expect(body).toContain('<div id="root"></div>');
    }
  });

  it('answers unknown API paths with JSON 404', async () => {
    const reply = await requestJson(testApp.baseUrl, '/api/no-such-thing');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Halaman tidak ditemukan' });
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const html = await (await fetch(`${testApp.baseUrl}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${testApp.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the logo from the site root, and a missing asset as 404, not as the SPA', async () => {
    const logo = await fetch(`${testApp.baseUrl}/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    const missing = await fetch(`${testApp.baseUrl}/assets/index-missing.js`);
    expect(missing.status).toBe(404);
  });

  it('sends security headers with every response', async () => {
    const response = await fetch(`${testApp.baseUrl}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends on pages and files exactly the headers helmet itself sets for our policy, and on API answers the API set', async () => {
    // Helmet run per request, as @fastify/helmet would, on a bare Node server.
    const policy = helmet(helmetOptions(inlineStyleSources('dist/client'), inlineScriptSources('dist/client')));
    const bare = createServer((request, response) => policy(request, response, () => response.end()));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const helmetHeaders = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => !['connection', 'content-length', 'date', 'keep-alive'].includes(name)));
    const expected = helmetHeaders(await fetch(bareUrl));
    bare.close();
    expect(Object.keys(expected)).toContain('content-security-policy');
    // OWASP's REST Security cheat sheet: JSON is never a page, so one strict line of CSP.
    const apiHeaders = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const pageOnly = Object.keys(expected).filter((name) => !(name in apiHeaders));

    const html = await (await fetch(`${testApp.baseUrl}/`)).text();
    const script = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/missing';
    for (const path of ['/', '/form', script, '/logo.svg', '/assets/gone.js', '/healthz']) {
      const headers = Object.fromEntries((await fetch(`${testApp.baseUrl}${path}`)).headers);
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]]));
      expect(sent, path).toEqual(expected);
      expect(headers['x-powered-by'], path).toBeUndefined();
    }
    for (const path of [
      '/api/today',
      `/api/bookings?date=${todayIn('Asia/Jakarta', new Date())}`,
      '/api/roster',
      '/api/no-such-endpoint',
    ]) {
      const headers = Object.fromEntries((await fetch(`${testApp.baseUrl}${path}`)).headers);
      expect(headers, path).toMatchObject(apiHeaders);
      for (const name of pageOnly) expect(headers[name], `${path} ${name}`).toBeUndefined();
      expect(headers['x-powered-by'], path).toBeUndefined();
    }
  });

  it('tells the pages what today is in the app zone', async () => {
    const reply = await requestJson(testApp.baseUrl, '/api/today');
    expect(reply.body.timeZone).toBe('Asia/Jakarta');
    expect(reply.body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No bot, yet push keys (generated): any phone may wait and be told by push (0058).
    expect(reply.body.waitingList).toBe(true);
    expect(reply.body.push).toBe(true);
  });
});

describe('/healthz without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const location = { engine: 'postgres', url: 'postgres://postgres@127.0.0.1:1/unreachable' } as const;
    const database = await createTestDatabase();
    const app = await buildApp({ config: { ...testConfig(database), database: location }, db: createDb(location), now: () => new Date() });
    const reply = await app.inject('/healthz');
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ status: 'unavailable', message: 'Database tidak bisa dihubungi' });
    await app.close();
    await database.drop();
  });
});

describe('the server process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('logs its URL, loads the demo roster once and prints the admin login, and closes cleanly on SIGTERM', async () => {
    const server = await startServerProcess({ DATABASE_URL: database.url, SEED_DEMO: '1', LOG_LEVEL: 'info' });
    const roster = await requestJson(server.baseUrl, '/api/roster');
    expect(roster.body.users.length).toBeGreaterThanOrEqual(5);
    expect(server.output()).toMatch(/Admin login: Nama "Admin Demo", Kode Masuk [A-Z2-9]{12}/);
    // Printed once listening, so /healthz may answer before the line has crossed the pipe.
    await waitUntil('the listening line', () => server.output().includes(`pinjam-motor is listening on ${server.baseUrl}`));
    expect(await server.stop('SIGTERM')).toBe(0);

    const again = await startServerProcess({ DATABASE_URL: database.url, SEED_DEMO: '1', LOG_LEVEL: 'info' });
    expect(again.output()).not.toContain('Demo roster loaded');
    expect(await again.stop('SIGINT')).toBe(0);
  });

  it('takes now from APP_CLOCK_FILE when a test sets one, and the real time while it is empty', async () => {
    const clockFile = join(mkdtempSync(join(tmpdir(), 'pinjam-clock-')), 'now');
    writeFileSync(clockFile, '2031-05-04T20:00:00Z');
    const server = await startServerProcess({ DATABASE_URL: database.url, SEED_DEMO: '0', APP_CLOCK_FILE: clockFile });
    expect((await requestJson(server.baseUrl, '/api/today')).body).toMatchObject({
      today: '2031-05-05',
      now: '2031-05-04T20:00:00.000Z',
      time: '03:00',
    });
    writeFileSync(clockFile, '2031-05-05T20:00:00Z');
    expect((await requestJson(server.baseUrl, '/api/today')).body.today).toBe('2031-05-06');
    writeFileSync(clockFile, '');
    expect((await requestJson(server.baseUrl, '/api/today')).body.today).not.toMatch(/^2031-/);
    await server.stop();
  });

  it('does not load the demo roster with SEED_DEMO=0', async () => {
    const fresh = await createTestDatabase();
    const server = await startServerProcess({ DATABASE_URL: fresh.url, SEED_DEMO: '0', LOG_LEVEL: 'info' });
    expect((await requestJson(server.baseUrl, '/api/roster')).body.users).toEqual([]);
    await server.stop();
    await fresh.drop();
  });

  it.each([
    [{ PORT: 'abc' }, "PORT: 'abc' is not a port number (0-65535)"],
    [{ DATABASE_URL: 'mysql://root@127.0.0.1/x' }, "DATABASE_URL: unknown scheme 'mysql:'"],
    [{ APP_TIMEZONE: 'Asia/Bandung' }, "APP_TIMEZONE: 'Asia/Bandung' is not a known IANA time zone"],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' }, 'DATABASE_URL: cannot open the database'],
  ])('stops on a bad %o with one line and no stack trace', async (env, line) => {
    const { code, stdout, stderr } = await runCommand(['dist/server/main.js'], {
      PORT: '0',
      HOST: '127.0.0.1',
      SESSION_SECRET: 'x'.repeat(32),
      ...env,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(line);
    expect(stderr + stdout).not.toMatch(/\n\s+at /);
  });
});
