import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

function setServerClock(date: string, time: string): void {
  writeFileSync(clockFile, jakartaInstant(date, time).toISOString());
}

function rupiah(amount: number): string {
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, '.');
  return amount < 0 ? `−Rp${digits}` : `Rp${digits}`;
}

/** The figure under a summary label (`Saldo awal`, `Masuk`…), as the screen shows it. */
async function figure(page: Page, label: string): Promise<string> {
  const term = page.getByRole('main').locator('dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

/** Nine payments of Rp10.000 and one expense of Rp30.000, as an admin's own requests, on `month`'s first days. */
async function recordByApi(page: Page, baseUrl: string, month: string): Promise<void> {
  const headers = { origin: baseUrl };
  const overview = await (await page.request.get('/api/admin/kas')).json();
  const members = (overview.members as { ref: string; active: boolean; name: string }[]).filter(
    (member) => member.active && member.name !== 'Admin Uji',
  );
  for (let index = 0; index < 9; index++) {
    const member = members[index % members.length];
    const data = { member: member?.ref, amount: 10_000, method: 'Tunai', date: `${month}-0${1 + (index % 5)}` };
    expect((await page.request.post('/api/admin/kas/payments', { data, headers })).status()).toBe(201);
  }
  const expense = { category: 'Servis', amount: 30_000, date: `${month}-02`, note: 'Ganti oli' };
  expect((await page.request.post('/api/admin/kas/expenses', { data: expense, headers })).status()).toBe(201);
}

describe("closing a month in the treasurer's book", () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  for (const [viewport, width, month] of [
    [PHONE, 360, '2031-05'],
    [DESKTOP, 1280, '2031-06'],
  ] as const) {
    it(`at ${width} px: ten payments, two expenses, one correction; the totals and the chart show the month`, async () => {
      setServerClock(`${month}-20`, '10:00');
      const page = await openPage(app, { viewport });
      await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
      await recordByApi(page, app.baseUrl, month);
      await page.goto('/admin/kas');
      const main = page.getByRole('main');
      const monthName = month === '2031-05' ? 'Mei 2031' : 'Juni 2031';
      await main.getByRole('heading', { level: 2, name: monthName, exact: true }).waitFor();
      const opening = Number((await figure(page, 'Saldo awal')).replace(/[^\d]/g, ''));

      const income = main.getByRole('form', { name: 'Pemasukan' });
      await income.getByLabel('Anggota').selectOption({ label: 'Budi Santoso (PPTI 21)' });
      await income.getByLabel('Jumlah').fill('20.000');
      await income.getByRole('button', { name: 'Simpan pemasukan' }).click();
      await main.getByRole('status').getByText('Pembayaran Rp20.000 dari Budi Santoso dicatat.').waitFor();

      const expense = main.getByRole('form', { name: 'Pengeluaran' });
      await expense.getByLabel('Kategori').selectOption('Bensin');
      await expense.getByLabel('Jumlah').fill('25000');
      await expense.getByRole('button', { name: 'Simpan pengeluaran' }).click();
      await main.getByRole('status').getByText('Pengeluaran Rp25.000 (Bensin) dicatat.').waitFor();

      const book = main.getByRole('region', { name: 'Daftar catatan kas' });
      await book.getByRole('button', { name: 'Koreksi pembayaran tagihan Rp20.000 Budi Santoso' }).click();
      const dialog = page.getByRole('dialog', { name: 'Koreksi catatan' });
      await dialog.getByRole('button', { name: 'Simpan koreksi' }).click();
      await dialog.getByText('Alasan koreksi harus diisi').waitFor();
      await dialog.getByLabel('Alasan koreksi').fill('Salah jumlah');
      await dialog.getByRole('button', { name: 'Simpan koreksi' }).click();
      await main.getByRole('status').getByText('Koreksi pembayaran tagihan Rp20.000 dicatat.').waitFor();

      // In: 9 × 10.000 + 20.000; out: 30.000 + 25.000 + the 20.000 reversed.
      const moneyIn = 110_000;
      const moneyOut = 75_000;
      await expect.poll(() => figure(page, 'Keluar')).toBe(rupiah(moneyOut));
      expect(await figure(page, 'Masuk')).toBe(rupiah(moneyIn));
      expect(await figure(page, 'Saldo akhir')).toBe(rupiah(opening + moneyIn - moneyOut));
      await book
        .getByRole('row')
        .filter({ hasText: 'Salah jumlah' })
        .getByRole('link', { name: /^koreksi Pembayaran tagihan/ })
        .waitFor();
      await book.getByRole('link', { name: /^dikoreksi/ }).waitFor();
      expect(await book.getByRole('row').count()).toBe(1 + 13);

      const chart = main.getByRole('img', { name: 'Masuk dan keluar 12 bulan terakhir' });
      await chart.waitFor();
      expect((await chart.boundingBox())?.height ?? 0).toBeGreaterThan(40);
      expect(await main.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')).toBe(`/api/admin/kas.csv?month=${month}`);

      await main.getByRole('button', { name: 'Tampilkan iuran' }).click();
      await main.getByRole('region', { name: 'Daftar iuran 2031' }).getByText('Budi Santoso').waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `ledger-month-${width}`);
    });
  }
});
