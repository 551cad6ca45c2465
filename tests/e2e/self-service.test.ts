import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { parseCalendar } from '../helpers/icalendar';
import { waitUntil } from '../helpers/wait-until';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm } from './support/pages';
import { adminIdOf, openPage, type StudentApp, useStudentApp } from './support/student-app';

// The server's clock (APP_CLOCK_FILE): 08:00 in Jakarta on TODAY, moved by writing the file.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
const TODAY = '2026-12-01';
const setServerTime = (time: string, date = TODAY) => writeFileSync(clockFile, new Date(`${date}T${time}:00+07:00`).toISOString());
setServerTime('08:00');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

/** Books through the form of `page` (which agreed to the rules) and waits for the success dialog. */
async function bookThroughForm(page: Page, values: { name: string; date: string; start: string; end: string }) {
  const form = borrowForm(page);
  await page.goto('/form');
  await form.ready();
  await form.fill({ ...values, reason: 'kuliah' });
  await form.save.click();
  await form.successDialog.waitFor();
  return form.successDialog;
}

const myBookingsCard = (page: Page) => page.getByRole('region', { name: 'Peminjaman kamu' });
const scheduleRows = (page: Page) => page.getByRole('main').getByRole('table').getByRole('row');

/** The URLs the server received (its access log), in order, as `METHOD url`. */
function receivedUrls(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"incoming request"'))
    .map((line) => JSON.parse(line) as { req: { method: string; url: string } })
    .map(({ req }) => `${req.method} ${req.url}`);
}

describe('students help themselves', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile, ACCESS_LOG: '1', LOG_LEVEL: 'info' } });

  it('book, see it under Peminjaman kamu, cancel it there, and the schedule no longer shows it; the name is remembered', async () => {
    setServerTime('08:00');
    const page = await openPage(app, { agreed: true });
    const date = '2026-12-02';
    const dialog = await bookThroughForm(page, { name: 'Budi Santoso', date, start: '08:00', end: '10:00' });
    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === `?tanggal=${date}`);

    const card = myBookingsCard(page);
    await card.waitFor();
    expect(await card.getByRole('listitem').allTextContents()).toEqual([`${formatIndonesianDate(date)}, 08:00 - 10:00Batalkan`]);
    await scheduleRows(page).filter({ hasText: 'Budi Santoso' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await card.getByRole('button', { name: /^Batalkan/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Batalkan Peminjaman' });
    await confirm.getByText(`Batalkan peminjaman ${formatIndonesianDate(date)}, 08:00 - 10:00?`).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'self-service-confirm-cancel');
    await confirm.getByRole('button', { name: 'Ya, batalkan' }).click();

    await card.getByRole('status').getByText('Peminjaman sudah dibatalkan.').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(0);
    await page.getByText(`Tidak ada peminjaman pada ${formatIndonesianDate(date)}`).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('myBookings') ?? 'null'))).toEqual([]);

    await page.goto('/form');
    const form = borrowForm(page);
    await form.ready();
    expect(await page.evaluate(() => localStorage.getItem('lastBorrowerName'))).toBe('Budi Santoso');
    expect(await form.name.inputValue()).toBe('Budi Santoso');
    expect(await form.className.inputValue()).toBe('PPTI 21');
  });

  it('copy the cancel link, open it in a fresh browser, cancel there; the calendar file parses', async () => {
    setServerTime('08:00');
    const page = await openPage(app, { agreed: true, viewport: PHONE });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const date = '2026-12-03';
    const dialog = await bookThroughForm(page, { name: 'Siti Rahmawati', date, start: '13:00', end: '15:30' });
    expect(await violations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Salin link pembatalan' }).click();
    await dialog.getByRole('status').getByText('Link disalin').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/batal#[A-Za-z0-9_-]{22}$`));
    await screenshot(page, 'self-service-success-dialog-phone');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Tambah ke Kalender' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pinjam-motor-${date}.ics`);
    const calendar = parseCalendar(readFileSync(await download.path(), 'utf8'));
    expect(calendar.events.map((event) => [event.summary, event.timeZone, event.start, event.end])).toEqual([
      ['Pinjam motor PPTI 21', 'Asia/Jakarta', `${date}T13:00`, `${date}T15:30`],
    ]);

    // Another browser, with nothing of the first one's storage: the link alone is the proof.
    const other = await openPage(app);
    const foreign: string[] = [];
    other.on('request', (request) => {
      if (!request.url().startsWith(app.baseUrl)) foreign.push(request.url());
    });
    const response = await other.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    const main = other.getByRole('main');
    await main.getByRole('heading', { name: 'Batalkan Peminjaman' }).waitFor();
    await main.getByText('Siti Rahmawati (PPTI 21)').waitFor();
    expect(await main.getByText(formatIndonesianDate(date)).isVisible()).toBe(true);
    expect(await other.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await violations(other)).toEqual([]);

    // The same confirmation as the card's, its last button red.
    await main.getByRole('button', { name: 'Batalkan peminjaman' }).click();
    const confirm = other.getByRole('dialog', { name: 'Batalkan Peminjaman' });
    await confirm.getByText(`Batalkan peminjaman ${formatIndonesianDate(date)}, 13:00 - 15:30?`).waitFor();
    const yes = confirm.getByRole('button', { name: 'Ya, batalkan' });
    expect(isRed(await yes.evaluate((button) => getComputedStyle(button).backgroundColor))).toBe(true);
    expect(await violations(other)).toEqual([]);
    await confirm.getByRole('button', { name: 'Tidak' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await main.getByText('Peminjaman sudah dibatalkan.').count()).toBe(0);
    await main.getByRole('button', { name: 'Batalkan peminjaman' }).click();
    await yes.click();
    await main.getByText('Peminjaman sudah dibatalkan.').waitFor();
    await screenshot(other, 'self-service-cancel-page-done');
    await other.reload();
    await main.getByText('Peminjaman ini sudah dibatalkan.').waitFor();
    expect(await main.getByRole('button', { name: 'Batalkan peminjaman' }).count()).toBe(0);
    expect(foreign).toEqual([]);

    await other.goto(`/?tanggal=${date}`);
    await other.getByText(`Tidak ada peminjaman pada ${formatIndonesianDate(date)}`).waitFor();
  });

  it('never sends the cancel secret in a URL: the link, the calendar file, cancelling, and an old /batal/{token} link', async () => {
    setServerTime('08:00');
    const logFrom = app.serverOutput().length;
    const page = await openPage(app, { agreed: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const date = '2026-12-04';
    const dialog = await bookThroughForm(page, { name: 'Budi Santoso', date, start: '16:00', end: '17:00' });
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('myBookings') ?? '[]') as { token: string }[])[0]?.token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await dialog.getByRole('button', { name: 'Salin link pembatalan' }).click();
    await dialog.getByRole('status').getByText('Link disalin').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}/batal#${token}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Tambah ke Kalender' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pinjam-motor-${date}.ics`);
    expect(parseCalendar(readFileSync(await download.path(), 'utf8')).events.map((event) => event.start)).toEqual([`${date}T16:00`]);

    // A link from before 0036, opened in a fresh browser: the secret leaves the path before any request.
    const old = await openPage(app);
    const referrers: string[] = [];
    old.on('request', (request) => referrers.push(request.headers().referer ?? ''));
    const oldResponse = await old.goto(`/batal/${token}`);
    expect(oldResponse?.headers()['referrer-policy']).toBe('no-referrer');
    await old.waitForURL((url) => url.pathname === '/batal' && url.hash === `#${token}`);
    await old.getByRole('main').getByText('Budi Santoso (PPTI 21)').waitFor();
    expect(referrers.filter((referrer) => referrer.includes(token ?? ''))).toEqual([]);

    const other = await openPage(app);
    const response = await other.goto(`/batal#${token}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    const main = other.getByRole('main');
    await main.getByText('Budi Santoso (PPTI 21)').waitFor();
    await main.getByRole('button', { name: 'Batalkan peminjaman' }).click();
    await other.getByRole('dialog', { name: 'Batalkan Peminjaman' }).getByRole('button', { name: 'Ya, batalkan' }).click();
    await main.getByText('Peminjaman sudah dibatalkan.').waitFor();
    // Another link pasted into the open page changes only the fragment: the page shows that booking alone.
    const another = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '18:00', end: '19:00' });
    await other.goto(`/batal#${another}`);
    await main.getByText('Siti Rahmawati (PPTI 21)').waitFor();
    await main.getByRole('button', { name: 'Batalkan peminjaman' }).waitFor();
    expect(await main.getByText('Budi Santoso (PPTI 21)').count()).toBe(0);

    // The log is read once it holds a request sent after all of the above.
    const marker = `/healthz?selesai=${Date.now()}`;
    expect((await fetch(`${app.baseUrl}${marker}`)).status).toBe(200);
    await waitUntil('the marker in the access log', () => receivedUrls(app.serverOutput().slice(logFrom)).includes(`GET ${marker}`));
    const received = receivedUrls(app.serverOutput().slice(logFrom));
    for (const expected of ['POST /api/bookings/by-token', 'POST /api/bookings/by-token/ics', 'POST /api/bookings/cancel', 'GET /batal']) {
      expect(received).toContain(expected);
    }
    expect(received.filter((url) => url.includes(token ?? ''))).toEqual([`GET /batal/${token}`]);
  });

  it('says when a link is unknown, and when the booking has started and only an admin can cancel it', async () => {
    setServerTime('08:00');
    const page = await openPage(app, { agreed: true });
    await page.goto('/batal/AAAAAAAAAAAAAAAAAAAAAA');
    const main = page.getByRole('main');
    await main.getByText('Link pembatalan tidak berlaku.').waitFor();
    expect(await violations(page)).toEqual([]);
    await main.getByRole('link', { name: 'Kembali ke Cek Ketersediaan' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const dialog = await bookThroughForm(page, { name: 'Rizky Maulana', date: TODAY, start: '09:00', end: '10:00' });
    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    await myBookingsCard(page).waitFor();
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('myBookings') ?? '[]') as { token: string }[])[0]?.token);

    setServerTime('09:00');
    await page.goto(`/batal#${token}`);
    await main.getByText('Peminjaman yang sudah dimulai hanya bisa dibatalkan admin.').waitFor();
    expect(await main.getByRole('button', { name: 'Batalkan peminjaman' }).count()).toBe(0);
    // A started booking stays on the card for its handover, no longer with Batalkan.
    await page.goto(`/?tanggal=${TODAY}`);
    await myBookingsCard(page)
      .getByRole('button', { name: /^Saya sudah ambil motor/ })
      .waitFor();
    expect(
      await myBookingsCard(page)
        .getByRole('button', { name: /^Batalkan/ })
        .count(),
    ).toBe(0);
  });

  for (const [label, viewport] of [
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`at ${label} the card asks once for all its bookings and shows a cancellation by someone else with who and why, no Batalkan`, async () => {
      setServerTime('08:00');
      const date = label === '360 px' ? '2026-12-05' : '2026-12-06';
      const kept = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '08:00', end: '09:00' });
      const cancelled = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '13:00', end: '14:00' });
      const admin = await adminCookie(app);
      const listed = await fetch(`${app.baseUrl}/api/admin/bookings?from=${date}&to=${date}`, { headers: { cookie: admin } });
      const ref = ((await listed.json()) as { bookings: { ref: string; start: string }[] }).bookings.find(
        (booking) => booking.start === '13:00',
      )?.ref;
      const cancel = await fetch(`${app.baseUrl}/api/admin/bookings/${ref}/cancel`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json', origin: app.baseUrl },
        body: JSON.stringify({ reason: 'Motor di bengkel' }),
      });
      expect(cancel.status).toBe(200);

      const page = await openPage(app, { viewport });
      const stored = [kept, cancelled].map((token, index) => ({
        token,
        name: 'Budi Santoso',
        date,
        start: ['08:00', '13:00'][index],
        end: ['09:00', '14:00'][index],
        endDate: date,
      }));
      await page.context().addInitScript((value) => localStorage.setItem('myBookings', value), JSON.stringify(stored));
      const lookups: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/bookings/by-token')) lookups.push(new URL(request.url()).pathname);
      });
      await page.goto(`/?tanggal=${date}`);
      const card = myBookingsCard(page);
      const gone = card.getByRole('listitem').filter({ hasText: '13:00 - 14:00' });
      await gone.getByText('Dibatalkan oleh admin Admin Uji: Motor di bengkel').waitFor();
      expect(await gone.getByRole('button').count()).toBe(0);
      await card
        .getByRole('listitem')
        .filter({ hasText: '08:00 - 09:00' })
        .getByRole('button', { name: /^Batalkan/ })
        .waitFor();
      expect(lookups).toEqual(['/api/bookings/by-tokens']);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `self-service-card-cancelled-by-admin-${viewport.width}`);
    });
  }

  it('links the public calendar feed from the availability page', async () => {
    const page = await openPage(app);
    await page.goto('/');
    const link = page.getByRole('main').getByRole('link', { name: 'Langganan kalender' });
    expect(await link.getAttribute('href')).toBe('/kalender.ics');
    expect(await page.getByText(/Google Calendar: .* iPhone: /).isVisible()).toBe(true);
    const feed = await page.request.get('/kalender.ics');
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parseCalendar(await feed.text()).name).toBe('Jadwal Motor PPTI 21');
  });
});

/** A signed-in admin's session cookie, through the real login. */
async function adminCookie(app: StudentApp): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ name: 'Admin Uji', code: adminIdOf(app) }),
  });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A strong red as Chromium reports a computed colour: `lab(L a b)` with a large a*, or `rgb(r, g, b)`. */
function isRed(color: string): boolean {
  const [first = 0, second = 0, third = 0] = (color.match(/-?[\d.]+/g) ?? []).map(Number);
  return color.startsWith('lab(') ? second > 40 && third > 20 : first > 150 && second < 80 && third < 80;
}
