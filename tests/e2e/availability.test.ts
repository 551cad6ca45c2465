import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, formatIndonesianDate } from '../../src/domain/time/clock';
import { PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, dayFromToday, serverToday } from './support/api';
import { horizontalOverflow, smallTouchTargets } from './support/pages';
import { execOnDatabase, openPage, useStudentApp } from './support/student-app';

const VOUCHER = 'VCH-MALAM1';

/** Requests for bookings (the chosen day's week), for holding or failing them in the browser's network layer. */
const bookingsList = (url: URL) => url.pathname === '/api/bookings';

/**
 * Opens / on a far week, whose schedule comes inside the page, then picks `date` in another
 * week, which the page must fetch itself: for tests of how it loads and fails.
 */
async function chooseDayThePageFetches(page: Page, baseUrl: string, date: string): Promise<void> {
  await page.goto(`/?tanggal=${await dayFromToday(baseUrl, 90)}`);
  await page.getByRole('main').getByRole('heading', { level: 2 }).waitFor();
  await page.getByRole('main').getByLabel('Tanggal', { exact: true }).fill(date);
}

// The server's day starts 25 hours before the browser's: they never share a calendar date.
const SERVER_ZONE = 'Pacific/Pago_Pago';
const BROWSER_ZONE = 'Pacific/Kiritimati';

async function tableRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('main')
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())));
}

/** The chosen day's timeline, one line per block. */
async function timelineBlocks(page: Page): Promise<string[]> {
  const blocks = await page
    .getByRole('main')
    .getByRole('list', { name: /^Linimasa / })
    .getByRole('listitem')
    .allInnerTexts();
  return blocks.map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('the availability page', () => {
  const app = useStudentApp({ vouchers: [VOUCHER], env: { APP_TIMEZONE: SERVER_ZONE } });

  it("defaults to today in APP_TIMEZONE, not in the browser's zone, and says when nothing is booked", async () => {
    const page = await openPage(app, { timezoneId: BROWSER_ZONE });
    const today = await serverToday(app.baseUrl);
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).not.toBe(today);
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByText(`Tidak ada peminjaman pada ${formatIndonesianDate(today)}`, { exact: true }).waitFor();
    expect(await main.getByLabel('Tanggal').inputValue()).toBe(today);
    expect(await main.getByRole('table').count()).toBe(0);
  });

  it('lists a day’s bookings sorted by start in the columns Mulai, Selesai, Nama, Kelas', async () => {
    const date = await dayFromToday(app.baseUrl, 2);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '13:00', end: '15:00' });
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '08:00', end: '10:30' });
    const page = await openPage(app);
    await page.goto(`/?tanggal=${date}`);
    const table = page.getByRole('main').getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Mulai', 'Selesai', 'Nama', 'Kelas']);
    expect(await tableRows(page)).toEqual([
      ['08:00', '10:30', 'Budi Santoso', 'PPTI 21'],
      ['13:00', '15:00', 'Rizky Maulana', 'PPTI 22'],
    ]);
    expect(await page.getByRole('main').getByLabel('Tanggal').inputValue()).toBe(date);
    await screenshot(page, 'availability-desktop-1280');
  });

  it('keeps the chosen date in the URL, and the back button returns to the previous day', async () => {
    const booked = await dayFromToday(app.baseUrl, 3);
    const empty = addDays(booked, 1);
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: booked, start: '09:00', end: '11:00' });
    const page = await openPage(app);
    await page.goto(`/?tanggal=${booked}`);
    const main = page.getByRole('main');
    await main.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();

    await main.getByLabel('Tanggal').fill(empty);
    await main.getByText(`Tidak ada peminjaman pada ${formatIndonesianDate(empty)}`).waitFor();
    expect(new URL(page.url()).search).toBe(`?tanggal=${empty}`);

    await page.goBack();
    await main.getByRole('cell', { name: 'Siti Rahmawati' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?tanggal=${booked}`);
    expect(await main.getByLabel('Tanggal').inputValue()).toBe(booked);
  });

  it('neither goes to nor loads the days a half-typed year passes through, nor a year outside the public window', async () => {
    const page = await openPage(app);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/bookings') asked.push(...['date', 'from', 'to'].flatMap((key) => url.searchParams.getAll(key)));
    });
    const date = await dayFromToday(app.baseUrl, 8);
    await page.goto(`/?tanggal=${date}`);
    const main = page.getByRole('main');
    await main.getByText(/Tidak ada peminjaman/).waitFor();
    const steps = await page.evaluate(() => history.length);
    // The year is the last part of the input in every locale's layout.
    const typed = `2031${date.slice(4)}`;
    await main.getByLabel('Tanggal').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('2031');
    await page.waitForURL((url) => url.searchParams.get('tanggal') === typed);
    await main
      .getByRole('status')
      .getByText(/^Jadwal hanya bisa dilihat dari /)
      .waitFor();
    // 0002, 0020 and 0202 were never days to go to: Back leads straight to the day before.
    expect(await page.evaluate(() => history.length)).toBe(steps + 1);
    expect(asked.filter((day) => day.startsWith('0') || day.startsWith('2031'))).toEqual([]);
  });

  it('shows an overnight voucher loan on both days with its real times, marked as continuing', async () => {
    const date = await dayFromToday(app.baseUrl, 4);
    const nextDay = addDays(date, 1);
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '21:00', end: '22:00', reason: VOUCHER });
    const page = await openPage(app);
    await page.goto(`/?tanggal=${date}`);
    await page.getByRole('main').getByRole('table').waitFor();
    expect(await tableRows(page)).toEqual([['21:00', '03:00 berlanjut ke hari berikutnya', 'Budi Santoso', 'PPTI 21']]);
    // In the timeline it fills the evening up to 24:00 and says where it goes on; any phone may wait for it (push, 0058).
    expect(await timelineBlocks(page)).toEqual([
      '00:00 Kosong 00:00 - 21:00 Pinjam jam 00:00 - 03:00',
      '21:00 Dipakai 21:00 - 03:00 Budi Santoso (PPTI 21) berlanjut ke hari berikutnya Kabari saya kalau kosong',
    ]);

    await page.goto(`/?tanggal=${nextDay}`);
    await page.getByRole('main').getByRole('table').getByText('lanjutan dari hari sebelumnya').waitFor();
    expect(await tableRows(page)).toEqual([['21:00 lanjutan dari hari sebelumnya', '03:00', 'Budi Santoso', 'PPTI 21']]);
    expect(await timelineBlocks(page)).toEqual([
      '00:00 Dipakai 21:00 - 03:00 Budi Santoso (PPTI 21) lanjutan dari hari sebelumnya Kabari saya kalau kosong',
      '03:00 Kosong 03:00 - 24:00 Pinjam jam 03:00 - 06:00',
    ]);
  });

  it('shows a loading state while the day is fetched', async () => {
    const page = await openPage(app);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(bookingsList, async (route) => {
      await held;
      await route.continue();
    });
    await chooseDayThePageFetches(page, app.baseUrl, await dayFromToday(app.baseUrl, 30));
    const main = page.getByRole('main');
    await main.getByRole('status').getByText('Memuat jadwal...').waitFor();
    expect(await main.getByText(/Tidak ada peminjaman/).count()).toBe(0);
    release();
    await main.getByText(/Tidak ada peminjaman/).waitFor();
    expect(await main.getByText('Memuat jadwal...').count()).toBe(0);
  });

  it('never calls a day free when its bookings could not be fetched, and loads them on Coba lagi', async () => {
    const date = await dayFromToday(app.baseUrl, 5);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '10:00', end: '12:00' });
    const page = await openPage(app, { viewport: PHONE });
    await page.route(bookingsList, (route) => route.abort());
    await chooseDayThePageFetches(page, app.baseUrl, date);
    const main = page.getByRole('main');
    await main.getByRole('alert').getByText('Gagal memuat jadwal.', { exact: true }).waitFor();
    expect(await main.getByText(/Tidak ada peminjaman/).count()).toBe(0);
    expect(await main.getByRole('table').count()).toBe(0);
    await screenshot(page, 'availability-phone-360-failed');

    await page.unroute(bookingsList);
    await main.getByRole('button', { name: 'Coba lagi' }).click();
    await main.getByRole('cell', { name: 'Rizky Maulana' }).waitFor();
    expect(await main.getByText('Gagal memuat jadwal.').count()).toBe(0);
  });

  it('treats an error reply from the server like a failed fetch', async () => {
    const page = await openPage(app);
    // Asked first: the server's clock answer carries the loans out, read from the same tables.
    const date = await dayFromToday(app.baseUrl, 6);
    // The server's own queries fail: their tables are briefly gone (the schedule's version
    // counter too, or the server would rightly answer a week it already knows from memory).
    execOnDatabase(
      app,
      'alter table borrow_request rename to borrow_request_away; alter table schedule_version rename to schedule_version_away',
    );
    try {
      await page.goto(`/?tanggal=${date}`);
      await page.getByRole('main').getByText('Gagal memuat jadwal.').waitFor();
      expect(
        await page
          .getByRole('main')
          .getByText(/Tidak ada peminjaman/)
          .count(),
      ).toBe(0);
    } finally {
      execOnDatabase(
        app,
        'alter table borrow_request_away rename to borrow_request; alter table schedule_version_away rename to schedule_version',
      );
    }
    await page.getByRole('main').getByRole('button', { name: 'Coba lagi' }).click();
    await page
      .getByRole('main')
      .getByText(/Tidak ada peminjaman/)
      .waitFor();
  });

  it('treats a 200 whose body is not the day’s list like a failed fetch, never as a free day', async () => {
    const date = await dayFromToday(app.baseUrl, 9);
    const page = await openPage(app);
    // An empty list whose entries lack their times: only parsing the answer tells it from a free day.
    await page.route(bookingsList, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ date, bookings: [{ name: 'Budi Santoso' }] }) }),
    );
    await chooseDayThePageFetches(page, app.baseUrl, date);
    const main = page.getByRole('main');
    await main.getByRole('alert').getByText('Gagal memuat jadwal.', { exact: true }).waitFor();
    expect(await main.getByRole('table').count()).toBe(0);
  });

  it('fits a 360 px phone, long names included, with large enough controls', async () => {
    const date = await dayFromToday(app.baseUrl, 7);
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '07:00', end: '09:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '12:00' });
    const page = await openPage(app, { viewport: PHONE });
    await page.goto(`/?tanggal=${date}`);
    await page.getByRole('main').getByRole('table').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallTouchTargets(page)).toEqual([]);
    await screenshot(page, 'availability-phone-360');
  });

  it('falls back to today for a date in the URL that is not a date', async () => {
    const page = await openPage(app);
    await page.goto('/?tanggal=2026-02-30');
    const today = await serverToday(app.baseUrl);
    await page
      .getByRole('main')
      .getByText(`Tidak ada peminjaman pada ${formatIndonesianDate(today)}`)
      .waitFor();
  });
});
