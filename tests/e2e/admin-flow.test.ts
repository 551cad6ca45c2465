import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { newPage, PHONE, screenshot, sharedChromium } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-app';
import { present } from '../helpers/present';
import { signInAsAdmin } from './support/pages';

const ADMIN_KEYS = ['role', 'adminName', 'adminId'];

/** A promise the test resolves by hand, to hold a request until the page's waiting state was seen. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

const storedKeys = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])), ADMIN_KEYS);

describe('admin screens in Chromium', () => {
  let browser: Browser;
  let e2e: E2eApp;
  let admin: User;
  let student: User;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    e2e = await startE2eApp();
    [admin, student] = e2e.users as [User, User];
    browser = await sharedChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  async function open(viewport?: { width: number; height: number }): Promise<Page> {
    const opened = await newPage(browser, e2e.baseUrl, viewport);
    context = opened.context;
    return opened.page;
  }

  const signIn = (page: Page) => signInAsAdmin(page, admin);

  /** Every POST to the voucher endpoint the page makes. */
  function voucherPosts(page: Page): string[] {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/vouchers')) posts.push(request.url());
    });
    return posts;
  }

  it('opens /login without asking the server for a session nobody stored, so the console stays clean', async () => {
    const page = await open();
    const sessionRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/session')) sessionRequests.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sessionRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('sends /generate to /login when local storage holds no admin', async () => {
    const page = await open();
    const posts = voucherPosts(page);
    await page.goto('/generate');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Masuk Admin' }).waitFor();
    expect(posts).toEqual([]);
  });

  it("shows 'Memeriksa akses...', then sends a forged role=admin to /login, clears it, and generates nothing", async () => {
    const page = await open();
    const posts = voucherPosts(page);
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('role', 'admin');
      localStorage.setItem('adminName', 'Admin Uji');
      localStorage.setItem('adminId', 'FORGED');
    });
    const held = gate();
    await page.route('**/api/admin/session', async (route) => {
      await held.wait;
      await route.continue();
    });
    await page.goto('/generate');
    await page.getByRole('status').filter({ hasText: 'Memeriksa akses...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate Voucher' }).count()).toBe(0);
    held.open();
    await page.waitForURL('**/login');
    expect(await storedKeys(page)).toEqual({ role: null, adminName: null, adminId: null });

    expect(posts).toEqual([]);

    // Nor does the server accept a request the page could make with them.
    const statuses = await page.evaluate(async () => [
      (await fetch('/api/admin/vouchers', { method: 'POST' })).status,
      (await fetch('/api/admin/vouchers')).status,
    ]);
    expect(statuses).toEqual([401, 401]);
  });

  it('does not let a session answer without an admin in, and opens /generate on Coba lagi once the server confirms', async () => {
    const page = await open();
    await signIn(page);
    await page.route('**/api/admin/session', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ admin: { name: admin.name, role: 'student' } }),
      }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Gagal memeriksa akses, coba lagi.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate Voucher' }).count()).toBe(0);

    await page.unroute('**/api/admin/session');
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByRole('button', { name: 'Generate Voucher' }).waitFor();
  });

  it('shows the required-field messages, and the spec messages under the form for a refused login', async () => {
    const page = await open();
    await page.goto('/login');
    expect(await page.getByLabel('Kode Masuk').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByText('Nama harus diisi').waitFor();
    await page.getByText('Kode Masuk harus diisi').waitFor();

    const attempt = async (name: string, code: string, message: string) => {
      await page.getByLabel('Nama').fill(name);
      await page.getByLabel('Kode Masuk').fill(code);
      await page.getByRole('button', { name: 'Masuk' }).click();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
    };
    await attempt('Orang Asing', 'apa saja', 'Nama tidak ditemukan');
    expect(await page.getByLabel('Nama').getAttribute('aria-invalid')).toBe('true');
    await attempt(admin.name, 'KODE-SALAH', 'Kode salah!');
    expect(await page.getByLabel('Kode Masuk').getAttribute('aria-invalid')).toBe('true');
    await attempt(student.name, student.id, 'Akses ditolak, kamu bukan admin!');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedKeys(page)).toEqual({ role: null, adminName: null, adminId: null });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshot(page, 'admin-login-refused');
  });

  it('signs in: stores role, adminName and adminId, keeps the session cookie HttpOnly, and opens /generate', async () => {
    const page = await open();
    const held = gate();
    await page.route('**/api/admin/session', async (route) => {
      await held.wait;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Nama').fill('  admin UJI ');
    await page.getByLabel('Kode Masuk').fill(admin.id);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.waitForURL('**/generate');
    await page.getByText('Memeriksa akses...').waitFor();
    held.open();
    await page.getByRole('button', { name: 'Generate Voucher' }).waitFor();
    await page.getByText('Masuk sebagai Admin Uji').waitFor();
    // The spec's adminId is not kept: it would be the admin's login code (0017).
    expect(await storedKeys(page)).toEqual({ role: 'admin', adminName: 'Admin Uji', adminId: null });
    const cookies = await present(context, 'the page context').cookies();
    expect(cookies.map(({ name, httpOnly, sameSite, path }) => ({ name, httpOnly, sameSite, path }))).toEqual([
      { name: 'admin_session', httpOnly: true, sameSite: 'Strict', path: '/' },
    ]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.getByText('Belum ada voucher.').waitFor();
  });

  it("generates a voucher: 'Generating...' while busy, then the code, a copy button, the hint, and the list", async () => {
    const page = await open();
    await present(context, 'the page context').grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    const held = gate();
    await page.route('**/api/admin/vouchers', async (route) => {
      if (route.request().method() === 'POST') await held.wait;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate Voucher' }).click();
    const busy = page.getByRole('button', { name: 'Generating...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    held.open();

    const code = (await page.getByTestId('voucher-code').textContent()) ?? '';
    expect(code).toMatch(/^VCH-[A-Z0-9]{6}$/);
    await page.getByRole('button', { name: 'Generate Voucher' }).waitFor();
    await page
      .getByText(
        'Kode ini sekali pakai, untuk pinjam motor gratis 6 jam. Ketik kodenya di kolom Alasan pada form peminjaman. Voucher tetap tidak boleh bentrok dengan jadwal lain.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Salin kode' }).click();
    await page.getByText('Kode tersalin!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByRole('cell', { name: 'Belum dipakai' }).waitFor();

    await page.getByRole('button', { name: 'Generate Voucher' }).click();
    await page.getByTestId('voucher-code').filter({ hasNotText: code }).waitFor();
    const second = (await page.getByTestId('voucher-code').textContent()) ?? '';
    // The list is fetched again after the code shows, one round trip later.
    await page.getByRole('row').filter({ hasText: second }).waitFor();
    const listed = await page.locator('tbody tr td:first-child').allTextContents();
    expect(listed.slice(0, 2)).toEqual([second, code]);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshot(page, 'admin-generate-code');

    await page.reload();
    await page.getByRole('row').filter({ hasText: second }).waitFor();
    expect(await page.locator('tbody tr td:first-child').allTextContents()).toEqual([second, code]);
  });

  it("shows the alert 'Gagal generate voucher' when the insert fails", async () => {
    const page = await open();
    await signIn(page);
    await page.route('**/api/admin/vouchers', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Gagal generate voucher' }) });
    });
    await page.getByRole('button', { name: 'Generate Voucher' }).click();
    await page.getByRole('alert').filter({ hasText: 'Gagal generate voucher' }).waitFor();
    expect(await page.getByTestId('voucher-code').count()).toBe(0);
  });

  it('Keluar ends the session on the server, clears the keys and goes to /login', async () => {
    const page = await open(PHONE);
    await signIn(page);
    await screenshot(page, 'admin-generate-phone');
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL('**/login');
    expect(await storedKeys(page)).toEqual({ role: null, adminName: null, adminId: null });
    expect(await present(context, 'the page context').cookies()).toEqual([]);
    expect(await page.evaluate(async () => (await fetch('/api/admin/session')).status)).toBe(401);
    await page.goto('/generate');
    await page.waitForURL('**/login');
  });
});
