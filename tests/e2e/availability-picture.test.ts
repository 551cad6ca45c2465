import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { PHONE, screenshot } from '../helpers/browser';
import { bookViaApi } from './support/api';
import { borrowForm, horizontalOverflow, mainNav, smallTouchTargets } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request; each test writes its instant.
const clockFile = join(mkdtempSync(join(tmpdir(), 'pinjam-clock-')), 'now');
writeFileSync(clockFile, '');

/** Sets the server's clock to `time` on `date` in Jakarta (the app's zone). */
function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

/** A page at 360 px whose own clock starts at the server's instant and only moves when the test moves it. */
async function phonePage(app: Parameters<typeof openPage>[0], at: Date, agreed = false): Promise<Page> {
  const page = await openPage(app, { viewport: PHONE, agreed });
  await page.clock.install({ time: at });
  return page;
}

/** Moves both clocks: the server's to `time`, the browser's far enough for its minute refresh to run. */
async function moveClocks(page: Page, date: string, time: string): Promise<void> {
  setServerClock(date, time);
  await page.clock.fastForward('01:01');
}

const statusLine = (page: Page) => page.getByRole('main').getByText(/^Motor (sedang dipakai|tersedia sekarang)/);

describe('the availability page as a picture of time, at 360 px', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('says who has the bike now and until when, and updates itself when the clock passes a booking’s edge', async () => {
    const today = '2031-05-05';
    setServerClock(today, '07:00');
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: today, start: '09:00', end: '11:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: today, start: '13:00', end: '15:00' });

    const page = await phonePage(app, setServerClock(today, '10:30'));
    await page.goto('/');
    await page.getByRole('main').getByText('Motor sedang dipakai Budi Santoso (PPTI 21) sampai 11:00', { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'availability-picture-phone-360');

    await moveClocks(page, today, '11:00');
    await page.getByRole('main').getByText('Motor tersedia sekarang sampai 13:00', { exact: true }).waitFor();

    await moveClocks(page, today, '15:00');
    await page.getByRole('main').getByText('Motor tersedia sekarang sepanjang hari ini', { exact: true }).waitFor();
    expect(await statusLine(page).count()).toBe(1);
  });

  it('turns the status over at the minute a booking ends, before the next minute’s reload', async () => {
    const today = '2031-05-12';
    setServerClock(today, '07:00');
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: today, start: '09:00', end: '11:00' });
    const at = new Date(jakartaInstant(today, '10:59').getTime() + 30_000);
    writeFileSync(clockFile, at.toISOString());
    const page = await phonePage(app, at);
    await page.goto('/');
    await page.getByRole('main').getByText('Motor sedang dipakai Siti Rahmawati (PPTI 21) sampai 11:00', { exact: true }).waitFor();
    // 31 s later by both clocks: 11:00 on the server's time, and the minute's reload has not run yet.
    // The server's clock moves too: a request of the page meanwhile (tab shown again) asks it the
    // time, and a server stuck at 10:59:30 would put the page back before 11:00.
    writeFileSync(clockFile, new Date(at.getTime() + 31_000).toISOString());
    await page.clock.fastForward(31_000);
    await page.getByRole('main').getByText('Motor tersedia sekarang sepanjang hari ini', { exact: true }).waitFor();
  });

  it('says the bike is free all day on a day with no bookings', async () => {
    const page = await phonePage(app, setServerClock('2031-06-02', '08:00'));
    await page.goto('/');
    await page.getByRole('main').getByText('Motor tersedia sekarang sepanjang hari ini', { exact: true }).waitFor();
  });

  it('moves by week with the arrows, picks a day from the strip, and loads each week in one request', async () => {
    const page = await phonePage(app, setServerClock('2031-07-02', '08:00'));
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: '2031-07-11', start: '08:00', end: '10:00' });
    const ranges: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/bookings') ranges.push(url.search);
    });
    await page.goto('/?tanggal=2031-07-02');
    const main = page.getByRole('main');
    const days = main.getByRole('list', { name: 'Pilih hari' }).getByRole('button');
    await main.getByRole('heading', { name: 'Rabu, 2 Juli 2031' }).waitFor();
    // What the eye reads (the first two lines), and what a screen reader hears.
    const seen = (await days.allInnerTexts()).map((text) => text.split('\n').slice(0, 2).join(' '));
    expect(seen).toEqual(['Sen 30', 'Sel 1', 'Rab 2', 'Kam 3', 'Jum 4', 'Sab 5', 'Min 6']);
    expect(await main.getByRole('button', { pressed: true }).textContent()).toContain('Rabu, 2 Juli 2031, belum ada peminjaman');
    expect(await smallTouchTargets(page)).toEqual([]);

    await main.getByRole('button', { name: 'Minggu berikutnya' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2031-07-09');
    await main.getByRole('heading', { name: 'Rabu, 9 Juli 2031' }).waitFor();
    await days.filter({ hasText: 'Jum' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2031-07-11');
    await main.getByRole('heading', { name: 'Jumat, 11 Juli 2031' }).waitFor();
    await main.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();
    expect(await days.filter({ hasText: 'Jum' }).getAttribute('aria-pressed')).toBe('true');
    // The day's booked hours, for a screen reader and as a bar for the eye.
    expect(await days.filter({ hasText: 'Jum' }).textContent()).toContain('Jumat, 11 Juli 2031, 2 jam terpakai');

    await main.getByRole('button', { name: 'Minggu sebelumnya' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2031-07-04');
    await main.getByRole('button', { name: 'Besok' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2031-07-03');
    await main.getByRole('button', { name: 'Hari ini' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2031-07-02');
    await main.getByRole('heading', { name: 'Rabu, 2 Juli 2031' }).waitFor();
    // Picking days inside a loaded week asks nothing more: the week the page brought along costs
    // no request, each week moved to costs one.
    expect(ranges.filter((search) => search.includes('from='))).toEqual([
      '?from=2031-07-07&to=2031-07-13',
      '?from=2031-06-30&to=2031-07-06',
    ]);
  });

  it('walks back one week at most: days before the public window cannot be picked, and none is asked of the server', async () => {
    setServerClock('2032-01-08', '07:00');
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: '2032-01-08', start: '09:00', end: '10:00' });
    const page = await phonePage(app, setServerClock('2032-01-14', '08:00'));
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/bookings') asked.push(...['date', 'from', 'to'].flatMap((key) => url.searchParams.getAll(key)));
    });
    await page.goto('/');
    const main = page.getByRole('main');
    const days = main.getByRole('list', { name: 'Pilih hari' }).getByRole('button');
    await main.getByRole('heading', { name: 'Rabu, 14 Januari 2032' }).waitFor();
    const dateField = main.getByLabel('Tanggal', { exact: true });
    expect([await dateField.getAttribute('min'), await dateField.getAttribute('max')]).toEqual(['2032-01-07', '2032-04-13']);

    await main.getByRole('button', { name: 'Minggu sebelumnya' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2032-01-07');
    await main.getByRole('heading', { name: 'Rabu, 7 Januari 2032' }).waitFor();
    await days.filter({ hasText: 'Kam' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2032-01-08');
    await main.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();
    expect(await Promise.all(['Sen', 'Sel', 'Rab'].map((day) => days.filter({ hasText: day }).isDisabled()))).toEqual([true, true, false]);
    expect(await main.getByRole('button', { name: 'Minggu sebelumnya' }).isDisabled()).toBe(true);

    // A day far outside, typed into the address: the window is said, and the next week arrow leads into it.
    await page.goto('/?tanggal=2020-01-01');
    await main
      .getByRole('status')
      .getByText('Jadwal hanya bisa dilihat dari Rabu, 7 Januari 2032 sampai Selasa, 13 April 2032.', { exact: true })
      .waitFor();
    expect(await days.filter({ hasText: 'Rab' }).isDisabled()).toBe(true);
    await main.getByRole('button', { name: 'Minggu berikutnya' }).click();
    await page.waitForURL((url) => url.searchParams.get('tanggal') === '2032-01-07');
    await main.getByRole('heading', { name: 'Rabu, 7 Januari 2032' }).waitFor();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((date) => date < '2032-01-07')).toEqual([]);
  });

  it('shows the day as blocks, and a free gap’s link opens the form filled in (today: from now rounded up; up to the class limit of the student this device booked for)', async () => {
    const today = '2031-08-04';
    setServerClock(today, '07:00');
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: today, start: '08:00', end: '10:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: today, start: '13:00', end: '14:00' });
    const page = await phonePage(app, setServerClock(today, '10:07'), true);
    await page
      .context()
      .addInitScript(() => localStorage.setItem('lastBorrowerClass', localStorage.getItem('lastBorrowerClass') ?? 'PPTI 21'));
    await page.goto('/');
    const timeline = page.getByRole('main').getByRole('list', { name: 'Linimasa Senin, 4 Agustus 2031' });
    await timeline.waitFor();
    expect((await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      '00:00 Sudah lewat 00:00 - 08:00',
      '08:00 Dipakai 08:00 - 10:00 Budi Santoso (PPTI 21)',
      '10:00 Sudah lewat 10:00 - 10:15',
      '10:15 Kosong 10:15 - 13:00 Pinjam jam 10:15 - 13:00',
      '13:00 Dipakai 13:00 - 14:00 Rizky Maulana (PPTI 22) Kabari saya kalau kosong',
      '14:00 Kosong 14:00 - 24:00 Pinjam jam 14:00 - 18:00',
    ]);
    // The table stays below the picture, from the same data.
    expect(await page.getByRole('main').getByRole('table').locator('tbody tr').count()).toBe(2);
    expect(await horizontalOverflow(page)).toBe(0);

    // A device that booked for a PPTI 22 student is offered that class's 3 hours.
    await page.evaluate(() => localStorage.setItem('lastBorrowerClass', 'PPTI 22'));
    await page.reload();
    await timeline.getByRole('link', { name: 'Pinjam jam 14:00 - 17:00' }).waitFor();
    await page.evaluate(() => localStorage.setItem('lastBorrowerClass', 'PPTI 21'));
    await page.reload();

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await timeline.getByRole('link', { name: 'Pinjam jam 14:00 - 18:00' }).click();
    await page.waitForURL((url) => url.pathname === '/form');
    expect(new URL(page.url()).search).toBe(`?tanggal=${today}&mulai=14:00&selesai=18:00`);
    const form = borrowForm(page);
    await form.heading.waitFor();
    expect([await form.date.inputValue(), await form.start.inputValue(), await form.end.inputValue()]).toEqual([today, '14:00', '18:00']);
    // The form opens at the top with the focus on its heading, not where the timeline was scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await form.heading.evaluate((heading) => heading === document.activeElement)).toBe(true);
  });

  it('keeps the form’s query through the rules page, and Saya Setuju opens the form filled in', async () => {
    const page = await phonePage(app, setServerClock('2031-09-01', '08:00'));
    await page.goto('/form?tanggal=2031-09-03&mulai=13:00&selesai=15:00');
    await page.waitForURL((url) => url.pathname === '/peraturan');
    expect(new URL(page.url()).search).toBe('?tanggal=2031-09-03&mulai=13:00&selesai=15:00');
    const agree = page.getByRole('button', { name: 'Saya Setuju' });
    await agree.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await agree.click();
    const form = borrowForm(page);
    await form.heading.waitFor();
    expect(new URL(page.url()).search).toBe('?tanggal=2031-09-03&mulai=13:00&selesai=15:00');
    expect([await form.date.inputValue(), await form.start.inputValue(), await form.end.inputValue()]).toEqual([
      '2031-09-03',
      '13:00',
      '15:00',
    ]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await form.heading.evaluate((heading) => heading === document.activeElement)).toBe(true);
  });

  it('loads again every minute and when shown again, in place: no loading state, the scroll kept', async () => {
    const today = '2031-10-06';
    const page = await phonePage(app, setServerClock(today, '08:00'));
    await page.goto(`/?tanggal=${today}`);
    const main = page.getByRole('main');
    await main.getByText(/Tidak ada peminjaman/).waitFor();
    // Anything that shows the loading text in between would be caught here.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.innerText.includes('Memuat jadwal')) document.body.dataset.flickered = 'yes';
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.evaluate(() => window.scrollTo(0, 200));
    const scrolled = await page.evaluate(() => window.scrollY);

    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: today, start: '09:00', end: '10:00' });
    await moveClocks(page, today, '08:01');
    await main.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();

    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: today, start: '11:00', end: '12:00' });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await main.getByRole('cell', { name: 'Budi Santoso' }).waitFor();

    expect(await page.evaluate(() => document.body.dataset.flickered)).toBeUndefined();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  it('shows no day at all while the date field is empty, never the previous day under its heading', async () => {
    const date = '2031-11-05';
    const page = await phonePage(app, setServerClock('2031-11-03', '08:00'));
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '10:00', end: '11:00' });
    await page.goto(`/?tanggal=${date}`);
    const main = page.getByRole('main');
    await main.getByRole('cell', { name: 'Rizky Maulana' }).waitFor();
    await main.getByLabel('Tanggal', { exact: true }).fill('');
    await main.getByText('Pilih tanggal untuk melihat jadwalnya.').waitFor();
    expect(await main.getByRole('table').count()).toBe(0);
    expect(await main.getByRole('heading', { level: 2 }).count()).toBe(0);
    expect(await main.getByText('Rizky Maulana').count()).toBe(0);
  });

  it('opens every page at the top with the focus on its heading', async () => {
    const page = await phonePage(app, setServerClock('2031-12-01', '08:00'));
    for (const [path, heading] of [
      ['/', 'Cek Ketersediaan Motor'],
      ['/peraturan', 'Aturan Peminjaman Motor Kelas PPTI 21'],
      ['/login', 'Masuk Admin'],
      ['/tidak-ada', 'Halaman tidak ditemukan'],
    ] as const) {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await h1.waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await h1.evaluate((element) => element === document.activeElement), path).toBe(true);
    }
    // Client-side navigation too: the menu's link from a scrolled page.
    await page.goto('/peraturan');
    await page.getByRole('button', { name: 'Saya Setuju' }).scrollIntoViewIfNeeded();
    await mainNav(page).locator('button[aria-controls]').click();
    await mainNav(page).getByRole('link', { name: 'Cek Ketersediaan' }).click();
    const h1 = page.getByRole('heading', { level: 1, name: 'Cek Ketersediaan Motor' });
    await h1.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await h1.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('answers an unknown path with HTTP 404, a heading and a link back home', async () => {
    const page = await phonePage(app, setServerClock('2031-12-01', '08:00'));
    const response = await page.goto('/tidak-ada');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Kembali ke Cek Ketersediaan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Cek Ketersediaan Motor' }).waitFor();
  });
});
