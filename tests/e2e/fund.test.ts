import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm, horizontalOverflow, signInAsAdmin } from './support/pages';
import { openPage, type StudentApp, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

/** Rizky (PPTI 22) books 09:00-11:00 and brings the bike back at 11:30: Sewa 3 jam and Denda terlambat 1 jam. */
async function lateLoan(app: StudentApp, date: string): Promise<string> {
  setServerClock(date, '07:00');
  const token = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '11:00' });
  setServerClock(date, '09:00');
  await handoverByApi(app, token, { event: 'pickup', fuel: 'Penuh' });
  setServerClock(date, '11:30');
  await handoverByApi(app, token, { event: 'return', fuel: '1/2' });
  return token;
}

function adminOf(app: StudentApp): { name: string; id: string } {
  const db = new Sqlite(app.databasePath, { readonly: true });
  try {
    return db.prepare("select name, id from users where name = 'Admin Uji'").get() as { name: string; id: string };
  } finally {
    db.close();
  }
}

const BILL = 'Tagihan: Rp40.000 (belum lunas)';

describe('the class fund on screen', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('at 360 px the form estimates the rent of another class’s booking before Simpan, and none for the home class', async () => {
    const date = '2031-04-01';
    const page = await openPage(app, { viewport: PHONE, agreed: true });
    const at = setServerClock(date, '07:00');
    await page.clock.install({ time: at });
    const form = borrowForm(page);
    await page.goto('/form');
    await form.ready();
    const main = page.getByRole('main');
    const purpose = main.getByLabel('Keperluan', { exact: true });
    await form.fill({ name: 'Rizky Maulana', date, start: '09:00', end: '11:00', reason: 'Ke bengkel' });
    await main.getByText('Perkiraan sewa: Rp20.000').waitFor();
    expect(await purpose.locator('option').allTextContents()).toEqual(['Pribadi', 'Beli makan']);
    await purpose.selectOption({ label: 'Beli makan' });
    await main.getByText('Perkiraan sewa: Gratis').waitFor();
    await purpose.selectOption({ label: 'Pribadi' });
    await form.end.fill('09:45');
    await main.getByText('Perkiraan sewa: Gratis').waitFor();
    await form.end.fill('11:00');
    await main.getByText('Perkiraan sewa: Rp20.000').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'fund-form-estimate-phone');

    await form.fill({ name: 'Budi Santoso' });
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 21');
    expect(await main.getByText(/^Perkiraan sewa/).count()).toBe(0);
    await form.fill({ name: 'Rizky Maulana' });
    await main.getByText('Perkiraan sewa: Rp20.000').waitFor();
    await form.save.click();
    await form.successDialog.waitFor();
  });

  it('at 360 px the card shows the charge of a loan returned late, with its lines', async () => {
    const date = '2031-04-02';
    const token = await lateLoan(app, date);
    const page = await openPage(app, { viewport: PHONE, agreed: true });
    const at = setServerClock(date, '12:00');
    await page.clock.install({ time: at });
    await page
      .context()
      .addInitScript(
        (value) => localStorage.setItem('myBookings', value),
        JSON.stringify([{ token, name: 'Rizky Maulana', date, start: '09:00', end: '11:00', endDate: date }]),
      );
    await page.goto(`/?tanggal=${date}`);
    const card = page.getByRole('region', { name: 'Peminjaman kamu' });
    await card.getByText(BILL).waitFor();
    expect(
      await card
        .getByRole('listitem')
        .filter({ hasText: /^Sewa|^Denda/ })
        .allTextContents(),
    ).toEqual(['Sewa 3 jam Rp30.000', 'Denda terlambat 1 jam Rp10.000']);
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('at 1280 px the private page shows the same charge', async () => {
    const date = '2031-04-03';
    const token = await lateLoan(app, date);
    const page = await openPage(app, { viewport: DESKTOP });
    await page.goto(`/batal#${token}`);
    const main = page.getByRole('main');
    await main.getByText(BILL).waitFor();
    await main.getByText('Denda terlambat 1 jam Rp10.000').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('at 360 px Ubah changes a charge with its reason: without one it says so at the field', async () => {
    const date = '2031-04-06';
    await lateLoan(app, date);
    setServerClock(date, '13:00');
    const page = await openPage(app, { viewport: PHONE });
    await signInAsAdmin(page, adminOf(app));
    await page.goto('/admin/kas');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: `Ubah tagihan Rizky Maulana ${date}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah tagihan' });
    const amount = dialog.getByLabel('Jumlah baru (0 untuk menghapus tagihan)');
    await expect.poll(() => amount.inputValue()).toBe('40000');
    await amount.fill('20000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Alasan perubahan harus diisi').waitFor();
    expect(await dialog.getByLabel('Alasan perubahan').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Alasan perubahan').fill('Telat karena ban bocor');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await main.getByRole('status').getByText('Tagihan diubah.').waitFor();
    const book = main.getByRole('region', { name: 'Daftar catatan kas' });
    await book.getByRole('row').filter({ hasText: 'Telat karena ban bocor' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  for (const [viewport, width] of [
    [PHONE, 360],
    [DESKTOP, 1280],
  ] as const) {
    it(`at ${width} px Kas records a payment and an expense, and the balance and what is outstanding follow`, async () => {
      const date = width === 360 ? '2031-04-04' : '2031-04-05';
      await lateLoan(app, date);
      setServerClock(date, '13:00');
      const page = await openPage(app, { viewport });
      await signInAsAdmin(page, adminOf(app));
      await page.goto('/admin/kas');
      const main = page.getByRole('main');
      const balance = main.getByRole('heading', { level: 2, name: /^Saldo kas/ });
      await balance.waitFor();
      const before = await saldo(page);

      const payment = main.getByRole('form', { name: 'Pemasukan' });
      await payment.getByLabel('Anggota').selectOption({ label: 'Rizky Maulana (PPTI 22)' });
      await payment.getByLabel('Jumlah').fill('15.000');
      await payment.getByLabel('Cara bayar').selectOption('QRIS');
      await payment.getByRole('button', { name: 'Simpan pemasukan' }).click();
      await main.getByRole('status').getByText('Pembayaran Rp15.000 dari Rizky Maulana dicatat.').waitFor();
      await main.getByRole('heading', { level: 2, name: `Saldo kas: ${rupiah(before + 15_000)}` }).waitFor();

      const expense = main.getByRole('form', { name: 'Pengeluaran' });
      await expense.getByLabel('Jumlah').fill('0');
      await expense.getByRole('button', { name: 'Simpan pengeluaran' }).click();
      await expect.poll(() => expense.getByLabel('Jumlah').getAttribute('aria-invalid')).toBe('true');
      await expense.getByText('Jumlah tidak valid').waitFor();
      await expense.getByLabel('Kategori').selectOption('Bensin');
      await expense.getByLabel('Jumlah').fill('20000');
      await expense.getByLabel('Catatan').fill('Isi penuh');
      await expense.getByRole('button', { name: 'Simpan pengeluaran' }).click();
      await main.getByRole('status').getByText('Pengeluaran Rp20.000 (Bensin) dicatat.').waitFor();
      await main.getByRole('heading', { level: 2, name: `Saldo kas: ${rupiah(before - 5_000)}` }).waitFor();

      const book = main.getByRole('region', { name: 'Daftar catatan kas' });
      // The book writes dates the Indonesian way, as every admin screen does.
      const rows = book.getByRole('row').filter({ hasText: formatIndonesianDate(date) });
      await rows.filter({ hasText: 'Isi penuh' }).waitFor();
      await rows.filter({ hasText: 'QRIS' }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `fund-kas-${width}`);
    });
  }
});

function rupiah(amount: number): string {
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, '.');
  return amount < 0 ? `−Rp${digits}` : `Rp${digits}`;
}

async function saldo(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('main')
      .getByRole('heading', { level: 2, name: /^Saldo kas/ })
      .textContent()) ?? '';
  const digits = Number(text.replace(/[^\d]/g, ''));
  return text.includes('−') ? -digits : digits;
}
