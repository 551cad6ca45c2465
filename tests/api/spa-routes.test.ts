import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const engine = process.env.TEST_DB ?? 'sqlite';

describe(`page paths the built app answers, on ${engine}`, () => {
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
    '/batal/Abc-_123xyz',
  ])('answers %s with the app and 200', async (path) => {
    const response = await fetch(`${testApp.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each(['/tidak-ada', '/form/lagi', '/admin', '/batal/', '/batal/a.b', '/batal/abc/def', '/peraturan.php'])(
    'answers %s with the app (its "not found" page) and 404',
    async (path) => {
      const response = await fetch(`${testApp.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    },
  );

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
});
