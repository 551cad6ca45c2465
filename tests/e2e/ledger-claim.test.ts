import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

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

const DATE = '2031-07-02';

describe('how to pay and Saya sudah bayar', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('at 360 px the card says how to pay and waits after Saya sudah bayar; the treasurer’s Terima pays it', async () => {
    setServerClock(DATE, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: DATE, start: '09:00', end: '11:00' });
    setServerClock(DATE, '09:00');
    await handoverByApi(app, token, { event: 'pickup', fuel: 'Penuh' });
    setServerClock(DATE, '11:00');
    await handoverByApi(app, token, { event: 'return', fuel: 'Penuh' });
    setServerClock(DATE, '12:00');

    const treasurer = await openPage(app, { viewport: DESKTOP });
    await signInAsAdmin(treasurer, { name: 'Admin Uji', id: adminIdOf(app) });
    await treasurer.goto('/admin/kas');
    const howToPay = treasurer.getByRole('form', { name: 'Cara bayar' });
    await howToPay.getByLabel('Nama bendahara').fill('Siti Rahmawati');
    await howToPay.getByLabel('Nomor rekening atau e-wallet').fill('DANA 0812 3456 7890');
    await howToPay.getByRole('button', { name: 'Simpan cara bayar' }).click();
    await treasurer.getByRole('main').getByRole('status').getByText('Cara bayar disimpan.').waitFor();
    const qris = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await howToPay.getByLabel('Gambar QRIS (opsional)').setInputFiles({ name: 'qris.png', mimeType: 'image/png', buffer: qris });
    await treasurer.getByRole('main').getByRole('status').getByText('Gambar QRIS disimpan.').waitFor();

    const page = await openPage(app, { viewport: PHONE, agreed: true });
    const at = jakartaInstant(DATE, '12:00');
    await page.clock.install({ time: at });
    await page
      .context()
      .addInitScript(
        (value) => localStorage.setItem('myBookings', value),
        JSON.stringify([{ token, name: 'Rizky Maulana', date: DATE, start: '09:00', end: '11:00', endDate: DATE }]),
      );
    await page.goto(`/?tanggal=${DATE}`);
    const card = page.getByRole('region', { name: 'Peminjaman kamu' });
    await card.getByText('Tagihan: Rp20.000 (belum lunas)').waitFor();
    await card.getByText('Cara bayar: DANA 0812 3456 7890 a.n. Siti Rahmawati').waitFor();
    const picture = card.getByRole('img', { name: 'Kode QRIS untuk membayar kas kelas' });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);
    await card.getByRole('button', { name: 'Saya sudah bayar' }).click();
    await card.getByRole('status').filter({ hasText: 'Menunggu konfirmasi bendahara.' }).waitFor();
    expect(await card.getByRole('button', { name: 'Saya sudah bayar' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await treasurer.reload();
    const main = treasurer.getByRole('main');
    const pending = main.getByRole('region', { name: 'Menunggu konfirmasi (1)' });
    await pending.getByText(/^Rizky Maulana: Rp20\.000/).waitFor();
    expect(await violations(treasurer)).toEqual([]);
    await pending.getByRole('button', { name: /^Terima Rizky Maulana/ }).click();
    await main.getByRole('status').getByText('Pembayaran Rp20.000 dari Rizky Maulana dicatat.').waitFor();
    await main.getByRole('region', { name: 'Daftar catatan kas' }).getByText('Saya sudah bayar').waitFor();

    await page.reload();
    await card.getByText('Tagihan: Rp20.000 (lunas)').waitFor();
    expect(await card.getByText(/^Cara bayar/).count()).toBe(0);

    // After the next login the treasurer lands on Kas, the tab used last.
    await treasurer.getByRole('button', { name: 'Keluar' }).click();
    await treasurer.waitForURL('**/login');
    await treasurer.getByLabel('Nama').fill('Admin Uji');
    await treasurer.getByLabel('Kode Masuk').fill(adminIdOf(app));
    await treasurer.getByRole('button', { name: 'Masuk' }).click();
    await treasurer.waitForURL('**/admin/kas');
    await treasurer.getByRole('main').getByRole('heading', { level: 2, name: 'Juli 2031', exact: true }).waitFor();
  });
});
