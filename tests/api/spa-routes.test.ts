import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`page paths the built app answers, on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    '/',
    '/?tanggal=2026-11-23',
    '/peraturan',
    '/peraturan/',
    '/form?tanggal=2026-11-23&mulai=13:00&selesai=15:00',
    '/login',
    '/generate',
    '/admin/peminjaman',
    '/admin/anggota',
    '/admin/riwayat',
    '/batal',
    '/batal/',
    '/batal/Abc-_123xyz',
  ])('answers %s with the app and 200', async (path) => {
    const response = await fetch(`${testApp.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each(['/tidak-ada', '/form/lagi', '/admin', '/batal/a.b', '/batal/abc/def', '/peraturan.php', '/ceiling/index.html'])(
    'answers %s with the app (its "not found" page) and 404',
    async (path) => {
      const response = await fetch(`${testApp.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  /** The site paths of the module preloads in an answer's HTML. */
  async function preloadsOf(path: string): Promise<string[]> {
    const html = await (await fetch(`${testApp.baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } })).text();
    return [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1] ?? '');
  }

  it.each([
    ['/peraturan', 'rules-page'],
    ['/form', 'borrow-form-page'],
    ['/login', 'login-page'],
    ['/generate', 'generate-page'],
    ['/admin/peminjaman', 'admin-bookings-page'],
    ['/admin/motor', 'admin-motor-page'],
    ['/batal', 'cancel-page'],
    ['/batal/Abc-_123xyz', 'cancel-page'],
  ])('announces the page chunk of %s with its HTML, so the page is not one round trip behind the entry', async (path, chunk) => {
    const preloads = await preloadsOf(path);
    const own = preloads.filter((script) => script.startsWith(`/assets/${chunk}-`));
    expect(own).toHaveLength(1);
    for (const script of preloads) {
      const response = await fetch(`${testApp.baseUrl}${script}`);
      expect(response.status, script).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/javascript');
    }
    expect(new Set(preloads).size).toBe(preloads.length);
  });

  it.each(['/batal', '/batal/', '/batal?x=1', '/batal/Abc-_123xyz'])(
    'answers the cancel page %s, the link as it is and as it was, kept from caches, search engines and referrers',
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${testApp.baseUrl}${path}`, { method });
        expect([method, response.status]).toEqual([method, 200]);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('x-robots-tag')).toBe('noindex');
      }
    },
  );

  it('preloads no other page’s chunk on / or on a missing page', async () => {
    for (const path of ['/', '/tidak-ada']) expect((await preloadsOf(path)).filter((script) => /-page-/.test(script))).toEqual([]);
  });

  it('keeps JSON 404 for unknown API paths', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/tidak-ada`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Halaman tidak ditemukan' });
  });

  it('serves a real robots.txt that keeps crawlers out of the admin, login and cancel pages', async () => {
    const response = await fetch(`${testApp.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const lines = (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /login', 'Disallow: /generate', 'Disallow: /admin', 'Disallow: /batal']);
  });

  it('serves the Lighthouse ceiling’s static pages only when the bench names their folder, with the headers of every page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pinjam-ceiling-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ceiling</title>');
    const bench = await startTestApp({ config: { benchCeilingDir: dir } });
    try {
      const page = await fetch(`${bench.baseUrl}/ceiling/index.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html><title>Ceiling</title>');
      const app = await fetch(`${bench.baseUrl}/peraturan`);
      for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options'])
        expect([header, page.headers.get(header)]).toEqual([header, app.headers.get(header)]);
      for (const missing of ['/ceiling/other.html', '/ceiling/..%2Fx.html'])
        expect([missing, (await fetch(`${bench.baseUrl}${missing}`)).status]).toEqual([missing, 404]);
    } finally {
      await bench.close();
    }
  });
});
