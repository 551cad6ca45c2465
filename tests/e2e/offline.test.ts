import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { localMomentIn, todayIn } from '../../src/domain/time/clock';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookViaApi, dayFromToday, serverToday } from './support/api';
import { borrowForm, openBorrowForm } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

const ZONE = 'Asia/Jakarta';

// The app's clock (APP_CLOCK_FILE): 05:00 today unless a test sets another time, so today's 06:00
// and 20:00 have not started (0041).
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
const atFiveToday = () => writeFileSync(clockFile, jakartaInstant(todayIn(ZONE, new Date()), '05:00').toISOString());
atFiveToday();
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

/** Waits until the service worker controls the page, so its next requests go through it. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL kept in any of the page's caches. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(`${request.method} ${new URL(request.url).pathname}`);
    }
    return urls;
  });
}

describe('installable, and readable offline', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });
  afterEach(atFiveToday);

  it('offline, / shows the schedule the first visit showed, as soon as it was shown', async () => {
    const today = todayIn(ZONE, new Date());
    writeFileSync(clockFile, new Date(`${today}T09:41:00+07:00`).toISOString());
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: today, start: '13:00', end: '14:00' });
    const page = await openPage(app, { timezoneId: ZONE, serviceWorkers: 'allow' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('cell', { name: 'Budi Santoso' }).waitFor();
    // Nothing is readable offline before the browser has installed the worker.
    await waitForServiceWorker(page);
    // What is kept is what the page came with: it asked the API nothing.
    expect(asked).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Kamu sedang offline. Jadwal terakhir diperbarui 09:41.', { exact: true }).waitFor();
    // The kept schedule renders after the offline line: wait for it, as the student would.
    await page.getByRole('cell', { name: 'Budi Santoso' }).waitFor();
  });

  it('offline, / shows the last schedule it loaded with when that was', async () => {
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: await dayFromToday(app.baseUrl, 7), start: '20:00', end: '21:00' });
    const page = await openPage(app, { timezoneId: ZONE, serviceWorkers: 'allow' });
    await page.goto('/');
    await waitForServiceWorker(page);

    // Next week is asked of the API, through the worker, which keeps its answer.
    const schedule = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/bookings');
    await page.getByRole('main').getByRole('button', { name: 'Minggu berikutnya' }).click();
    const servedAt = new Date((await (await schedule).allHeaders()).date ?? '');
    await page.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();
    expect(await page.getByText('Kamu sedang offline').count()).toBe(0);

    await page.context().setOffline(true);
    await page.reload();
    const time = localMomentIn(ZONE, servedAt).time;
    await page.getByText(`Kamu sedang offline. Jadwal terakhir diperbarui ${time}.`, { exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Siti Rahmawati' }).isVisible()).toBe(true);
  });

  it('shows today’s schedule from the page itself, without asking the API first', async () => {
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: await serverToday(app.baseUrl), start: '06:00', end: '07:00' });
    const page = await openPage(app);
    // Every API request fails: what shows can only have come inside the page.
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => route.abort(),
    );
    await page.goto('/');
    await page.getByRole('cell', { name: 'Rizky Maulana' }).waitFor();
    expect(await page.getByText('Gagal memuat jadwal.').count()).toBe(0);
  });

  it('says there is no internet connection when the form is sent offline', async () => {
    const { page, form } = await openBorrowForm(app);
    await form.fill({ name: 'Budi Santoso', date: await dayFromToday(app.baseUrl, 2), start: '08:00', end: '09:00', reason: 'kuliah' });
    await page.context().setOffline(true);
    await form.save.click();
    await borrowForm(page).globalError.getByText('Tidak ada koneksi internet.', { exact: true }).waitFor();
  });

  it('never keeps admin answers, cancel links or anything sent with POST', async () => {
    const page = await openPage(app, { serviceWorkers: 'allow' });
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.evaluate(async () => {
      await fetch('/api/admin/session');
      await fetch('/api/admin/vouchers');
      await fetch('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await fetch('/api/bookings?date=2026-12-01');
    });
    await page.goto(`/batal#${'A'.repeat(22)}`);
    await page.getByText('Link pembatalan tidak berlaku.').waitFor();
    await page.goto('/batal/abc');
    await page.goto('/');
    const urls = await cachedUrls(page);
    expect(urls).toContain('GET /api/bookings');
    expect(urls.filter((url) => /\/api\/admin|\/batal|^POST/.test(url))).toEqual([]);
  });

  it('has a web app manifest that makes it installable', async () => {
    const page = await openPage(app, { serviceWorkers: 'allow' });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(href ?? '');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Pinjam Motor PPTI 21',
      short_name: 'Pinjam Motor',
      lang: 'id',
      display: 'standalone',
      start_url: '/',
      theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
    });
    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = icons.find((entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose);
        expect(icon, `a ${purpose} icon of ${size} px`).toBeDefined();
        const png = Buffer.from(await (await page.request.get(icon?.src ?? '')).body());
        // A PNG's width and height are the first two fields of its IHDR chunk.
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      }
    }
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito ones, where Chromium never offers to install anything.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });
});
