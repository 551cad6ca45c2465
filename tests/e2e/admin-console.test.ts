import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { DESKTOP, newPage, PHONE, screenshot, sharedChromium } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-app';
import { present } from '../helpers/present';
import { ADMIN, BUDI, PUTRI, RIZKY } from '../helpers/roster';
import { bookViaApi, dayFromToday } from './support/api';
import { signInAsAdmin } from './support/pages';

const ADMIN_PAGES = [
  { path: '/admin/peminjaman', tab: 'Peminjaman', heading: 'Daftar Peminjaman' },
  { path: '/admin/anggota', tab: 'Anggota', heading: 'Anggota' },
  { path: '/generate', tab: 'Voucher', heading: 'Generate Voucher' },
  { path: '/admin/riwayat', tab: 'Riwayat', heading: 'Riwayat' },
  { path: '/admin/motor', tab: 'Motor', heading: 'Motor' },
  { path: '/admin/kas', tab: 'Kas', heading: 'Kas Kelas' },
] as const;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the admin console in Chromium', () => {
  let browser: Browser;
  let e2e: E2eApp;
  let admin: User;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    e2e = await startE2eApp({
      roster: [ADMIN, BUDI, RIZKY, PUTRI],
    });
    [admin] = e2e.users as [User];
    browser = await sharedChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  async function open(viewport = DESKTOP): Promise<Page> {
    const opened = await newPage(browser, e2e.baseUrl, viewport);
    context = opened.context;
    await context.addInitScript(() => localStorage.setItem('agreedToRules', 'true'));
    return opened.page;
  }

  const signIn = (page: Page) => signInAsAdmin(page, admin);

  const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Menu admin' });

  /** The names the form's type-ahead suggests for `typed`. */
  async function suggestions(page: Page, typed: string): Promise<string[]> {
    await page.goto('/form');
    const main = page.getByRole('main');
    await main.locator('form:not([aria-busy])').waitFor();
    const name = main.getByRole('combobox', { name: 'Nama Peminjam' });
    await name.fill(typed);
    const listbox = main.getByRole('listbox');
    await expect.poll(async () => (await listbox.getByRole('option').count()) > 0 || (await listbox.isHidden())).toBe(true);
    return listbox.getByRole('option').allTextContents();
  }

  it('sends every admin page to /login without a session, and a signed-in admin from /login on to /generate', async () => {
    const page = await open();
    for (const { path } of ADMIN_PAGES) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await signIn(page);
    await page.goto('/login');
    await page.waitForURL('**/generate');
  });

  it('shows the tab bar on every admin page with the current one marked, and axe finds nothing', async () => {
    const page = await open();
    await signIn(page);
    for (const { path, tab, heading } of ADMIN_PAGES) {
      await tabBar(page).getByRole('link', { name: tab }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      const current = tabBar(page).locator('[aria-current="page"]');
      expect(await current.allTextContents()).toEqual([tab]);
      expect(await tabBar(page).getByRole('link').allTextContents()).toEqual([
        'Peminjaman',
        'Anggota',
        'Voucher',
        'Riwayat',
        'Motor',
        'Kas',
      ]);
      await tabBar(page).getByRole('button', { name: 'Keluar' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Memuat' }).waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
    }
  });

  /**
   * Opens Peminjaman with its first list request held back; the returned function lets it through
   * and resolves once the page has its answer.
   */
  async function openPeminjamanWithFirstLoadHeld(page: Page): Promise<() => Promise<void>> {
    let first: { request: Request; release: () => Promise<void> } | undefined;
    await page.route(
      (url) => url.pathname === '/api/admin/bookings',
      async (route) => {
        if (first) return route.continue();
        first = { request: route.request(), release: () => route.continue() };
      },
    );
    await tabBar(page).getByRole('link', { name: 'Peminjaman' }).click();
    await expect.poll(() => first !== undefined).toBe(true);
    const held = present(first, 'the held first load');
    return async () => {
      const answered = page.waitForResponse((response) => response.request() === held.request);
      await held.release();
      await answered;
    };
  }

  it('Peminjaman keeps the typed range when the first load answers after it', async () => {
    const date = await dayFromToday(e2e.baseUrl, 25);
    await bookViaApi(e2e.baseUrl, { name: 'Budi Santoso', date, start: '13:00', end: '14:00', reason: 'Dalam rentang' });
    // Inside the server's default range (today to 30 days ahead), outside the one typed.
    await bookViaApi(e2e.baseUrl, {
      name: 'Rizky Maulana',
      date: await dayFromToday(e2e.baseUrl, 26),
      start: '13:00',
      end: '14:00',
      reason: 'Di luar rentang',
    });
    const page = await open();
    await signIn(page);
    // The page's first load (the default range) is held until the typed range has been shown.
    const answerFirstLoad = await openPeminjamanWithFirstLoadHeld(page);
    await page.getByLabel('Dari').fill(date);
    await page.getByLabel('Sampai').fill(date);
    const table = page.getByRole('region', { name: 'Daftar peminjaman' });
    await table.getByText('Dalam rentang').waitFor();
    await answerFirstLoad();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await table.getByText('Di luar rentang').count()).toBe(0);
    expect(await page.getByLabel('Dari').inputValue()).toBe(date);
  });

  it('Peminjaman keeps a start typed before the first load answered, and lists the range finished after it', async () => {
    const date = await dayFromToday(e2e.baseUrl, 27);
    await bookViaApi(e2e.baseUrl, { name: 'Budi Santoso', date, start: '15:00', end: '16:00', reason: 'Awal diketik' });
    // Inside the server's default range and before the typed start: the first answer's range
    // with the typed end would list it.
    await bookViaApi(e2e.baseUrl, {
      name: 'Putri Ayu',
      date: await dayFromToday(e2e.baseUrl, 5),
      start: '15:00',
      end: '16:00',
      reason: 'Sebelum awal',
    });
    const page = await open();
    await signIn(page);
    const answerFirstLoad = await openPeminjamanWithFirstLoadHeld(page);
    await page.getByLabel('Dari').fill(date);
    await answerFirstLoad();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.getByLabel('Dari').inputValue()).toBe(date);

    const typedRange = page.waitForResponse((response) => response.url().includes(`to=${date}`));
    await page.getByLabel('Sampai').fill(date);
    await typedRange;
    const table = page.getByRole('region', { name: 'Daftar peminjaman' });
    await table.getByText('Awal diketik').waitFor();
    expect(await table.getByText('Sebelum awal').count()).toBe(0);
  });

  for (const [label, viewport, offset] of [
    ['desktop', DESKTOP, 10],
    ['360 px', PHONE, 20],
  ] as const) {
    describe(`on ${label}`, () => {
      it('cancels a booking from Peminjaman, and the availability page no longer shows it', async () => {
        const date = await dayFromToday(e2e.baseUrl, offset);
        await bookViaApi(e2e.baseUrl, { name: 'Budi Santoso', date, start: '09:00', end: '11:00', reason: 'Praktikum, lab 2' });
        const page = await open(viewport);
        await signIn(page);
        await tabBar(page).getByRole('link', { name: 'Peminjaman' }).click();
        await page.getByLabel('Dari').fill(date);
        await page.getByLabel('Sampai').fill(date);
        const table = page.getByRole('region', { name: 'Daftar peminjaman' });
        const row = table.getByRole('row').filter({ hasText: 'Budi Santoso' });
        await row.getByText('Praktikum, lab 2').waitFor();
        await expectNoAxeViolations(page);

        await row.getByRole('button', { name: /^Batalkan: Budi Santoso/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Batalkan peminjaman?' });
        await dialog.getByRole('button', { name: 'Ya, batalkan' }).click();
        await dialog.getByText('Alasan pembatalan harus diisi').waitFor();
        expect(await dialog.getByLabel('Alasan pembatalan').getAttribute('aria-invalid')).toBe('true');
        await expectNoAxeViolations(page);
        await dialog.getByLabel('Alasan pembatalan').fill('Motor di bengkel');
        await dialog.getByRole('button', { name: 'Ya, batalkan' }).click();
        await page.getByRole('status').filter({ hasText: 'Peminjaman dibatalkan.' }).waitFor();
        await page.getByText('Tidak ada peminjaman pada rentang tanggal ini.').waitFor();

        await page.getByLabel('Tampilkan yang dibatalkan').check();
        await row.getByText('oleh admin Admin Uji: Motor di bengkel').waitFor();
        expect(await row.getByRole('button').count()).toBe(0);
        await screenshot(page, `admin-bookings-cancelled-${viewport.width}`);

        await page.goto(`/?tanggal=${date}`);
        await page
          .getByRole('main')
          .getByText(/Tidak ada peminjaman pada/)
          .waitFor();
      });

      it('adds a member who appears in the type-ahead, deactivates one who disappears, and shows both in Riwayat', async () => {
        const newName = `Dewi Lestari ${offset}`;
        const page = await open(viewport);
        await signIn(page);
        await tabBar(page).getByRole('link', { name: 'Anggota' }).click();
        const members = page.getByRole('region', { name: 'Daftar anggota' });
        await members.getByRole('cell', { name: 'Putri Ayu', exact: true }).waitFor();

        await page.getByLabel('Nama', { exact: true }).fill(newName);
        await page.getByLabel('Kelas', { exact: true }).selectOption('PPTI 21');
        await page.getByRole('button', { name: 'Tambah', exact: true }).click();
        await page.getByText(`${newName} sudah ditambahkan.`).waitFor();
        await members.getByRole('cell', { name: newName, exact: true }).waitFor();
        await page.getByLabel('Nama', { exact: true }).fill('budi santoso');
        await page.getByLabel('Kelas', { exact: true }).selectOption('PPTI 21');
        await page.getByRole('button', { name: 'Tambah', exact: true }).click();
        await page.getByText('Nama sudah terdaftar').waitFor();
        await expectNoAxeViolations(page);

        const deactivated = offset === 10 ? 'Putri Ayu' : 'Rizky Maulana';
        await members.getByRole('button', { name: `Nonaktifkan ${deactivated}` }).click();
        await page
          .getByRole('dialog', { name: `Nonaktifkan ${deactivated}?` })
          .getByRole('button', { name: 'Nonaktifkan', exact: true })
          .click();
        await members.getByRole('button', { name: `Aktifkan ${deactivated}` }).waitFor();

        expect(await suggestions(page, 'Dewi')).toContain(`${newName}PPTI 21`);
        expect((await suggestions(page, deactivated.slice(0, 4))).filter((option) => option.startsWith(deactivated))).toEqual([]);

        await page.goto('/admin/riwayat');
        const history = page.getByRole('region', { name: 'Riwayat tindakan admin' });
        await history.getByRole('row').filter({ hasText: 'Anggota ditambahkan' }).filter({ hasText: newName }).waitFor();
        await history.getByRole('row').filter({ hasText: 'Anggota dinonaktifkan' }).filter({ hasText: deactivated }).waitFor();
        await history.getByRole('row').filter({ hasText: 'Masuk' }).first().waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, `admin-history-${viewport.width}`);
      });

      it('generates a voucher with a note, lists it, revokes it, and sees both in Riwayat', async () => {
        const note = `Panitia ${offset}`;
        const page = await open(viewport);
        await signIn(page);
        await page.getByLabel('Untuk').fill(note);
        await page.getByRole('button', { name: 'Generate Voucher' }).click();
        const code = (await page.getByTestId('voucher-code').textContent()) ?? '';
        expect(code).toMatch(/^VCH-/);
        const vouchers = page.getByRole('region', { name: 'Daftar voucher' });
        const row = vouchers.getByRole('row').filter({ hasText: code });
        await row.getByRole('cell', { name: note }).waitFor();
        await row.getByText('Admin Uji').waitFor();
        // The table's scroll region is reachable by keyboard.
        expect(await vouchers.getAttribute('tabindex')).toBe('0');
        await expectNoAxeViolations(page);

        await row.getByRole('button', { name: `Cabut ${code}` }).click();
        await page.getByText(`Voucher ${code} sudah dicabut.`).waitFor();
        await row.getByRole('cell', { name: 'Dicabut' }).waitFor();
        await screenshot(page, `admin-vouchers-${viewport.width}`);

        await tabBar(page).getByRole('link', { name: 'Riwayat' }).click();
        const history = page.getByRole('region', { name: 'Riwayat tindakan admin' });
        await history.getByRole('row').filter({ hasText: 'Voucher dibuat' }).filter({ hasText: code }).filter({ hasText: note }).waitFor();
        await history.getByRole('row').filter({ hasText: 'Voucher dicabut' }).filter({ hasText: code }).waitFor();
      });
    });
  }
});
