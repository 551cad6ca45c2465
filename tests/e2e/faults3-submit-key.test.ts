import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { newPage, sharedChromium } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-app';
import { ADMIN, BUDI } from '../helpers/roster';
import { signInAsAdmin } from './support/pages';

/**
 * The admin's creating submits, as issue 46 saw them fail: the server saves the first send and its
 * answer never arrives. Each POST to `path` is recorded with its Idempotency-Key; the first one
 * reaches the server and its answer is then cut.
 */
async function loseFirstAnswer(page: Page, path: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route(`**${path}`, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return keys;
}

describe('the key of an admin submit in Chromium', () => {
  let browser: Browser;
  let e2e: E2eApp;
  let admin: User;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    e2e = await startE2eApp({ roster: [ADMIN, BUDI] });
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

  async function signedIn(): Promise<Page> {
    const opened = await newPage(browser, e2e.baseUrl);
    context = opened.context;
    await signInAsAdmin(opened.page, admin);
    return opened.page;
  }

  it('generates a voucher once when its answer was lost and Generate Voucher is pressed again; the next press makes another', async () => {
    const page = await signedIn();
    const keys = await loseFirstAnswer(page, '/api/admin/vouchers');
    const generate = page.getByRole('button', { name: 'Generate Voucher' });
    await generate.click();
    await page.getByRole('alert').getByText('Gagal generate voucher').waitFor();
    await generate.click();
    const code = await page.getByTestId('voucher-code').textContent();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    await generate.click();
    await page
      .getByTestId('voucher-code')
      .filter({ hasNotText: code ?? '' })
      .waitFor();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    const vouchers = await page.evaluate(async () => (await (await fetch('/api/admin/vouchers')).json()).vouchers.length);
    expect(vouchers).toBe(2);
  });

  it('adds a member once when the answer was lost: the form keeps its values and its key for the second press', async () => {
    const page = await signedIn();
    await page.goto('/admin/anggota');
    const keys = await loseFirstAnswer(page, '/api/admin/members');
    const add = page.getByRole('region', { name: 'Tambah anggota' });
    await add.getByLabel('Nama', { exact: true }).fill('Dewi Lestari');
    await add.getByLabel('Kelas', { exact: true }).selectOption('PPTI 21');
    await add.getByRole('button', { name: 'Tambah', exact: true }).click();
    await page.getByText('Tidak ada koneksi internet.').waitFor();
    expect(await add.getByLabel('Nama', { exact: true }).inputValue()).toBe('Dewi Lestari');

    await add.getByRole('button', { name: 'Tambah', exact: true }).click();
    await page.getByText('Dewi Lestari sudah ditambahkan.').waitFor();
    expect(keys).toEqual([keys[0], keys[0]]);
    const members = page.getByRole('region', { name: 'Daftar anggota' });
    await members.getByRole('cell', { name: 'Dewi Lestari', exact: true }).waitFor();
    expect(await members.getByRole('cell', { name: 'Dewi Lestari', exact: true }).count()).toBe(1);
  });
});
