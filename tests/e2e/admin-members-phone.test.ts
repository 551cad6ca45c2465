import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import type { User } from '../../src/server/roster/repository';
import { DESKTOP, newPage, PHONE, screenshot, sharedChromium } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-app';
import { CLASS_ROSTER, PUTRI } from '../helpers/roster';
import { bookViaApi, dayFromToday } from './support/api';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';

/** Axe in the light theme and in the phone's dark one, and nothing scrolls sideways. */
async function expectCleanPage(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe("the admin's Anggota on a phone and a laptop (issue 28)", () => {
  let browser: Browser;
  let e2e: E2eApp;
  let admin: User;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    e2e = await startE2eApp({
      roster: [...CLASS_ROSTER, PUTRI],
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

  async function openMembers(viewport: { width: number; height: number }): Promise<Page> {
    const opened = await newPage(browser, e2e.baseUrl, viewport);
    context = opened.context;
    const page = opened.page;
    await signInAsAdmin(page, admin);
    await page.goto('/admin/anggota');
    await page.getByRole('region', { name: 'Daftar anggota' }).getByRole('button', { name: 'Ubah Putri Ayu' }).waitFor();
    return page;
  }

  for (const [viewport, target, firstDay, secondDay, newClass] of [
    [PHONE, 'Budi Santoso', 2, 4, 'PPTI 23'],
    [DESKTOP, 'Siti Rahmawati', 3, 6, 'PPTI 24'],
  ] as const) {
    describe(`at ${viewport.width} px`, () => {
      it('asks before deactivating, lists the coming bookings that stay with a link to their day, and Batal keeps the member active', async () => {
        const first = await dayFromToday(e2e.baseUrl, firstDay);
        const second = await dayFromToday(e2e.baseUrl, secondDay);
        await bookViaApi(e2e.baseUrl, { name: target, date: first, start: '08:00', end: '10:00' });
        await bookViaApi(e2e.baseUrl, { name: target, date: second, start: '13:00', end: '14:00' });
        const page = await openMembers(viewport);
        const members = page.getByRole('region', { name: 'Daftar anggota' });

        await members.getByRole('button', { name: 'Nonaktifkan Rizky Maulana' }).click();
        const none = page.getByRole('dialog', { name: 'Nonaktifkan Rizky Maulana?' });
        await none.getByText('Rizky Maulana tidak punya peminjaman yang akan datang.').waitFor();
        await none.getByRole('button', { name: 'Batal' }).click();
        await none.waitFor({ state: 'hidden' });

        await members.getByRole('button', { name: `Nonaktifkan ${target}` }).click();
        const dialog = page.getByRole('dialog', { name: `Nonaktifkan ${target}?` });
        await dialog
          .getByText(`${target} tidak bisa lagi meminjam motor atau masuk. Peminjaman ${target} yang akan datang tidak dibatalkan`)
          .waitFor();
        const items = dialog.getByRole('listitem');
        await items.nth(1).waitFor();
        expect(await items.allInnerTexts()).toEqual([
          expect.stringContaining(`${formatIndonesianDate(first)}, 08:00–10:00`),
          expect.stringContaining(`${formatIndonesianDate(second)}, 13:00–14:00`),
        ]);
        await expectCleanPage(page);
        await screenshot(page, `admin-members-deactivate-${viewport.width}`);

        await dialog.getByRole('button', { name: 'Batal' }).click();
        await dialog.waitFor({ state: 'hidden' });
        const row = members.getByRole('row').filter({ hasText: target });
        expect(await row.getByRole('cell', { name: 'Aktif', exact: true }).count()).toBe(1);
        expect(await row.getByRole('button', { name: `Nonaktifkan ${target}` }).isVisible()).toBe(true);

        await members.getByRole('button', { name: `Nonaktifkan ${target}` }).click();
        await dialog.getByRole('link', { name: `Buka di Peminjaman: ${formatIndonesianDate(second)} 13:00–14:00` }).click();
        await page.waitForURL(`**/admin/peminjaman?tanggal=${second}`);
        const bookings = page.getByRole('region', { name: 'Daftar peminjaman' });
        await bookings
          .getByRole('row')
          .filter({ hasText: target })
          .getByRole('button', { name: /^Batalkan/ })
          .waitFor();
        expect(await bookings.getByRole('row').filter({ hasText: target }).innerText()).toContain(formatIndonesianDate(second));
        expect(await page.getByLabel('Dari').inputValue()).toBe(second);
        expect(await page.getByLabel('Sampai').inputValue()).toBe(second);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await page.goto('/admin/anggota');
        await members.getByRole('button', { name: `Nonaktifkan ${target}` }).click();
        await dialog.getByRole('listitem').nth(1).waitFor();
        await dialog.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
        await members.getByRole('button', { name: `Aktifkan ${target}` }).waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByText(`Data ${target} sudah disimpan.`).waitFor();
      });

      it('chooses the class from the roster, and asks before creating a new one; another spelling of a class is refused', async () => {
        const suffix = viewport.width;
        const page = await openMembers(viewport);
        const members = page.getByRole('region', { name: 'Daftar anggota' });
        const add = page.getByRole('region', { name: 'Tambah anggota' });
        const posted: string[] = [];
        page.on('request', (request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/members')
            posted.push(request.postData() ?? '');
        });
        const kelas = add.getByLabel('Kelas', { exact: true });
        const options = await kelas.locator('option').allInnerTexts();
        expect([...options.slice(0, 3), options.at(-1)]).toEqual(['Pilih kelas', 'PPTI 21', 'PPTI 22', 'Kelas baru…']);

        await add.getByLabel('Nama', { exact: true }).fill(`Dewi ${suffix}`);
        await kelas.selectOption('PPTI 22');
        await add.getByRole('button', { name: 'Tambah', exact: true }).click();
        await page.getByText(`Dewi ${suffix} sudah ditambahkan.`).waitFor();
        await members
          .getByRole('row')
          .filter({ hasText: `Dewi ${suffix}` })
          .getByRole('cell', { name: 'PPTI 22' })
          .waitFor();

        await add.getByLabel('Nama', { exact: true }).fill(`Eka ${suffix}`);
        await kelas.selectOption({ label: 'Kelas baru…' });
        const typed = add.getByLabel('Nama kelas baru');
        await typed.fill('ppti  21');
        await add.getByRole('button', { name: 'Tambah', exact: true }).click();
        await add.getByText('Kelas ini sudah ada sebagai "PPTI 21": pilih "PPTI 21" dari daftar.').waitFor();
        expect(await typed.getAttribute('aria-invalid')).toBe('true');

        await typed.fill(newClass);
        await add.getByRole('button', { name: 'Tambah', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: `Buat kelas baru "${newClass}"?` });
        await confirm.getByText('Belum ada anggota di kelas ini.', { exact: false }).waitFor();
        expect(await typed.getAttribute('aria-invalid')).toBeNull();
        await expectCleanPage(page);
        await screenshot(page, `admin-members-new-class-${viewport.width}`);
        await confirm.getByRole('button', { name: 'Batal' }).click();
        await confirm.waitFor({ state: 'hidden' });
        expect(posted.filter((body) => body.includes('Eka'))).toEqual([]);

        await add.getByRole('button', { name: 'Tambah', exact: true }).click();
        await confirm.getByRole('button', { name: 'Ya, buat kelas' }).click();
        await page.getByText(`Eka ${suffix} sudah ditambahkan.`).waitFor();
        await members
          .getByRole('row')
          .filter({ hasText: `Eka ${suffix}` })
          .getByRole('cell', { name: newClass })
          .waitFor();
        await kelas.locator('option', { hasText: newClass }).waitFor({ state: 'attached' });
        expect(await typed.count()).toBe(0);
        await expectCleanPage(page);

        await members.getByRole('button', { name: `Ubah Eka ${suffix}` }).click();
        const edit = page.getByRole('dialog', { name: `Ubah Eka ${suffix}` });
        const editClass = edit.getByLabel('Kelas', { exact: true });
        expect(await editClass.inputValue()).toBe(newClass);
        await editClass.selectOption('PPTI 21');
        await edit.getByRole('button', { name: 'Simpan' }).click();
        await page.getByText(`Data Eka ${suffix} sudah disimpan.`).waitFor();
        await members
          .getByRole('row')
          .filter({ hasText: `Eka ${suffix}` })
          .getByRole('cell', { name: 'PPTI 21' })
          .waitFor();
      });
    });
  }
});
