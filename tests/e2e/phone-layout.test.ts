import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localMomentIn } from '../../src/domain/time/clock';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm, horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, type PageOptions, useStudentApp } from './support/student-app';

// The server's "now" stays at this instant (APP_CLOCK_FILE), so a recorded time can be named exactly.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
// Bookings are made for tomorrow: a time of today may already be over.
const TOMORROW = addDays(localMomentIn('Asia/Jakarta', NOW).date, 1);
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, NOW.toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** NOW as the admin screens write it on Jakarta's wall clock: '1 Des 2026 08:05'. */
function jakartaText(): string {
  const { date, time } = localMomentIn('Asia/Jakarta', NOW);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year} ${time}`;
}

const ADMIN_PAGES = ['/admin/peminjaman', '/admin/anggota', '/generate', '/admin/riwayat', '/admin/motor', '/admin/kas'];

// Android's largest font: the root font size doubled (a style attribute: the CSP refuses added style sheets).
async function doubleTheText(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
}

/** How far the page's first heading starts below the bar's bottom edge (negative: under the bar). */
function headingClearance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('header')?.getBoundingClientRect();
    const heading = document.querySelector('main h1')?.getBoundingClientRect();
    if (!bar || !heading) throw new Error('no bar or no heading');
    return heading.top - bar.bottom;
  });
}

function pageHeading(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

describe('pages on a phone, at large text, and in the dark (issue 28)', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });
  let token = '';
  beforeAll(async () => {
    token = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: TOMORROW, start: '22:00', end: '23:00' });
  });

  const student = (options: PageOptions = {}) => openPage(app, { viewport: PHONE, agreed: true, ...options });

  async function admin(options: PageOptions = {}): Promise<Page> {
    const page = await openPage(app, { viewport: PHONE, agreed: true, ...options });
    await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
    return page;
  }

  /** Opens an admin page and waits for what it shows once loaded: its table, or its form. */
  async function openAdminPage(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await pageHeading(page).waitFor();
    const main = page.getByRole('main');
    if (path === '/admin/peminjaman') {
      await main.getByLabel('Dari').fill(TOMORROW);
      await main.getByLabel('Sampai').fill(TOMORROW);
      await main.getByRole('region', { name: 'Daftar peminjaman' }).getByText('Siti Rahmawati').waitFor();
    } else if (path === '/admin/anggota') await main.getByRole('region', { name: 'Daftar anggota' }).getByText('Budi Santoso').waitFor();
    else if (path === '/generate')
      await main.getByRole('region', { name: 'Daftar voucher' }).or(main.getByText('Belum ada voucher.')).waitFor();
    else if (path === '/admin/riwayat') await main.getByRole('region', { name: 'Riwayat tindakan admin' }).waitFor();
    else if (path === '/admin/kas') await main.getByText('Saldo kas').first().waitFor();
    else await main.getByRole('button', { name: 'Simpan' }).waitFor();
  }

  it('no student page scrolls sideways at 360 px, also with the text doubled, and the bar never covers a heading', async () => {
    const page = await student();
    for (const path of ['/', '/peraturan', '/form', '/login', `/batal#${token}`]) {
      await page.goto(path);
      await pageHeading(page).waitFor();
      expect(await horizontalOverflow(page), path).toBe(0);
      expect(await headingClearance(page), path).toBeGreaterThanOrEqual(0);
      await doubleTheText(page);
      await expect.poll(() => headingClearance(page), { message: `${path} at 200 %` }).toBeGreaterThanOrEqual(0);
      expect(await horizontalOverflow(page), `${path} at 200 %`).toBe(0);
    }
    await screenshot(page, 'phone-layout-cancel-page-200');
  });

  it('offers Pinjam motor under the status line, through the rules to the form on the day shown; a booking teaches the gaps its class limit', async () => {
    const page = await openPage(app, { viewport: PHONE });
    const booked = addDays(TOMORROW, 1);
    await page.goto(`/?tanggal=${booked}`);
    const main = page.getByRole('main');
    // Nothing is booked today in this file: the bike is free now.
    const status = main.getByText(/^Motor tersedia sekarang/);
    await status.waitFor();
    const button = main.getByRole('link', { name: 'Pinjam motor' });
    expect(present(await button.boundingBox(), 'Pinjam motor').y).toBeGreaterThan(present(await status.boundingBox(), 'the status line').y);
    // Nobody booked from this device yet: a free gap offers the shorter class limit, 3 hours.
    await main.getByRole('link', { name: 'Pinjam jam 00:00 - 03:00' }).waitFor();

    await button.click();
    await page.getByRole('button', { name: 'Saya Setuju' }).click();
    const form = borrowForm(page);
    await form.ready();
    expect(await form.date.inputValue()).toBe(booked);
    await form.fill({ name: 'Budi Santoso', start: '08:00', end: '09:00', reason: 'kuliah' });
    await form.save.click();
    await form.successDialog.getByRole('button', { name: 'Lanjut' }).click();
    // Budi is of PPTI 21: the gaps now offer its 4 hours.
    await main.getByRole('link', { name: 'Pinjam jam 09:00 - 13:00' }).waitFor();
    await main.getByRole('link', { name: 'Pinjam jam 00:00 - 04:00' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it("keeps the day's table compact at 360 px, times on one line, and makes it a card per booking with the text doubled, names never split inside a word", async () => {
    const page = await student();
    await page.goto(`/?tanggal=${TOMORROW}`);
    const table = page.getByRole('main').getByRole('table');
    const row = table.getByRole('row').filter({ hasText: 'Siti Rahmawati' });
    await row.waitFor();
    const display = () => row.evaluate((element) => getComputedStyle(element).display);
    expect(await display()).toBe('table-row');
    expect(await linesOf(row.getByRole('cell', { name: '22:00' }), '22:00')).toBe(1);
    expect(await row.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(64);

    await doubleTheText(page);
    await expect.poll(display).toBe('block');
    const name = row.getByRole('cell', { name: 'Siti Rahmawati', exact: true });
    expect(await name.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Nama: " / ""');
    for (const word of ['Siti', 'Rahmawati']) expect(await linesOf(name, word), word).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'phone-layout-day-table-200');
  });

  it('keeps the bar fixed at normal text, and lets it scroll away once doubled text makes it a fifth of the screen', async () => {
    const page = await student();
    await page.goto('/peraturan');
    await pageHeading(page).waitFor();
    const bar = page.locator('header');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    await doubleTheText(page);
    await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    expect(present(await bar.boundingBox(), 'the bar').height).toBeGreaterThan(PHONE.height / 5);
    await page.getByRole('button', { name: 'Saya Setuju' }).scrollIntoViewIfNeeded();
    expect(present(await bar.boundingBox(), 'the bar').y + present(await bar.boundingBox(), 'the bar').height).toBeLessThanOrEqual(0);
  });

  it('shows every admin table as cards below 640 px: a card per row, each value with its label, the action last and on screen', async () => {
    const page = await admin();
    for (const path of ADMIN_PAGES) {
      await openAdminPage(page, path);
      expect(await horizontalOverflow(page), path).toBe(0);
      for (const table of await page.getByRole('main').locator('table').all()) {
        expect(
          await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height),
          `${path}: header row hidden`,
        ).toBeLessThanOrEqual(1);
        for (const row of await table.locator('tbody tr').all()) {
          const box = present(await row.boundingBox(), 'the row');
          expect(await row.evaluate((element) => getComputedStyle(element).display), path).toBe('block');
          expect(box.x, path).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
        }
      }
    }

    await openAdminPage(page, '/admin/peminjaman');
    const row = page.getByRole('region', { name: 'Daftar peminjaman' }).getByRole('row').filter({ hasText: 'Siti Rahmawati' });
    const name = row.getByRole('cell', { name: 'Siti Rahmawati', exact: true });
    // Shown before the value, with an empty alternative text: the cell's accessible name stays the name.
    expect(await name.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Nama: " / ""');
    const cancel = row.getByRole('button', { name: /^Batalkan: Siti Rahmawati/ });
    const lastCell = row.getByRole('cell').last();
    expect(await lastCell.getByRole('button', { name: /^Batalkan/ }).count()).toBe(1);
    await cancel.click();
    await page.getByRole('dialog', { name: 'Batalkan peminjaman?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Batalkan peminjaman?' }).waitFor({ state: 'hidden' });
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'phone-layout-admin-bookings-cards');

    for (const path of ADMIN_PAGES) {
      await openAdminPage(page, path);
      await doubleTheText(page);
      await expect.poll(() => headingClearance(page), { message: `${path} at 200 %` }).toBeGreaterThanOrEqual(0);
      expect(await horizontalOverflow(page), `${path} at 200 %`).toBe(0);
    }
  });

  it('fits every column of every admin table at 1280 px, the action buttons included', async () => {
    await bookViaApi(app.baseUrl, {
      name: 'Rizky Maulana',
      date: TOMORROW,
      start: '20:00',
      end: '21:00',
      reason: 'Mengantar tugas kelompok ke rumah dosen pembimbing di seberang kota',
    });
    const page = await admin({ viewport: DESKTOP });
    await page.getByLabel('Untuk').fill('Panitia acara kelas');
    await page.getByRole('button', { name: 'Generate Voucher' }).click();
    await page.getByTestId('voucher-code').waitFor();
    for (const path of ADMIN_PAGES) {
      await openAdminPage(page, path);
      expect(await horizontalOverflow(page), path).toBe(0);
      for (const region of await page.getByRole('main').getByRole('region').all()) {
        const scrolls = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(scrolls, `${path}: ${await region.getAttribute('aria-label')} scrolls sideways`).toBe(false);
      }
      const buttons = page.getByRole('main').locator('table').getByRole('button');
      for (const button of await buttons.all()) {
        const box = present(await button.boundingBox(), 'the button');
        expect(box.x + box.width, `${path}: ${await button.textContent()}`).toBeLessThanOrEqual(DESKTOP.width);
      }
    }
    await openAdminPage(page, '/admin/peminjaman');
    expect(await page.getByRole('region', { name: 'Daftar peminjaman' }).getByRole('button').count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'phone-layout-admin-bookings-1280');
  });

  it("shows every admin time on APP_TIMEZONE's wall clock and in Indonesian, whatever the browser's zone", async () => {
    const page = await admin({ viewport: DESKTOP, timezoneId: 'America/Los_Angeles' });
    const shown = jakartaText();
    await page.getByLabel('Untuk').fill('Zona waktu');
    await page.getByRole('button', { name: 'Generate Voucher' }).click();
    const code = (await page.getByTestId('voucher-code').textContent()) ?? '';
    await page.getByRole('region', { name: 'Daftar voucher' }).getByRole('row').filter({ hasText: code }).getByText(shown).waitFor();

    await openAdminPage(page, '/admin/riwayat');
    await page
      .getByRole('region', { name: 'Riwayat tindakan admin' })
      .getByRole('row')
      .filter({ hasText: 'Masuk' })
      .first()
      .getByText(shown)
      .waitFor();

    await openAdminPage(page, '/admin/peminjaman');
    const row = page.getByRole('region', { name: 'Daftar peminjaman' }).getByRole('row').filter({ hasText: 'Siti Rahmawati' });
    await row.getByRole('cell', { name: shown }).waitFor();
  });

  it('is axe-clean in the dark theme on every student page, and the theme is dark', async () => {
    const page = await student({ colorScheme: 'dark' });
    for (const path of ['/', '/peraturan', '/form', '/login', `/batal#${token}`, '/tidak-ada']) {
      await page.goto(path);
      await pageHeading(page).waitFor();
      expect(await violations(page), path).toEqual([]);
    }
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(background), 'a dark page').toBeLessThan(0.1);
    await screenshot(page, 'phone-layout-dark-404');
  });

  it('is axe-clean in the dark theme on every admin page and on / with a booking', async () => {
    const adminPage = await admin({ colorScheme: 'dark' });
    for (const path of ADMIN_PAGES) {
      await openAdminPage(adminPage, path);
      expect(await violations(adminPage), path).toEqual([]);
    }
    await adminPage.goto(`/?tanggal=${TOMORROW}`);
    await pageHeading(adminPage).waitFor();
    await adminPage.getByRole('main').getByRole('table').waitFor();
    expect(await violations(adminPage), '/ with a booking').toEqual([]);
    await screenshot(adminPage, 'phone-layout-dark-availability');
  });
});

/** Relative luminance of a computed colour (rgb() or oklch() as Chromium reports it), 0 black to 1 white. */
function luminance(color: string): number {
  const oklch = /oklch\(([\d.]+)%?/.exec(color);
  if (oklch) {
    const lightness = Number(oklch[1]);
    return (lightness > 1 ? lightness / 100 : lightness) ** 3;
  }
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** On how many lines `word` lies inside `cell`: more than one means the word was split. */
function linesOf(cell: Locator, word: string): Promise<number> {
  return cell.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    throw new Error(`${wanted} is not in the cell`);
  }, word);
}
