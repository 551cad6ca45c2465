import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import { PHONE, screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { bookViaApi, dayFromToday } from './support/api';
import { borrowForm, fieldError, focusedText, hasNoError, openBorrowForm } from './support/pages';
import { execOnDatabase, openPage, useStudentApp } from './support/student-app';

const VOUCHER = 'VCH-FORM01';

/** Holds the booking request in the browser until `release` is called. */
async function holdBookingPost(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/bookings',
    async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    },
  );
  return release;
}

describe('the borrowing form: saving', () => {
  const app = useStudentApp({ vouchers: [VOUCHER] });

  it('saves a booking, says so in a modal dialog that holds the focus, and resets the form', async () => {
    const { page, form } = await openBorrowForm(app);
    const date = await dayFromToday(app.baseUrl, 1);
    await form.fill({ name: 'Budi Santoso', date, start: '08:00', end: '10:00', reason: 'kuliah pagi', needStnk: 'ya' });
    const release = await holdBookingPost(page);
    await form.save.click();

    await page.getByRole('button', { name: 'Menyimpan...' }).waitFor();
    expect(await form.save.isDisabled()).toBe(true);
    release();

    const dialog = form.successDialog;
    await dialog.waitFor();
    expect(
      await dialog.getByText(`Peminjaman motor kamu pada ${formatIndonesianDate(date)} jam 08:00 - 10:00 sudah tercatat.`).isVisible(),
    ).toBe(true);
    expect(await dialog.evaluate((element: HTMLDialogElement) => element.open && element.matches(':modal'))).toBe(true);
    // Focus starts on the first control and Tab cycles inside the dialog.
    expect(await focusedText(page)).toBe('Tambah ke Kalender');
    for (const next of ['Salin link pembatalan', 'Ingatkan lewat Telegram', 'Ingatkan di HP ini', 'Lanjut', 'Tambah ke Kalender']) {
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(next);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('Lanjut');

    expect(await form.save.textContent()).toBe('Simpan');
    for (const field of [form.name, form.className, form.date, form.start, form.end, form.reason, form.needStnk]) {
      expect(await field.inputValue()).toBe('');
    }
    await screenshot(page, 'form-desktop-1280-success');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event, which returns the focus, comes a task after it hides.
    await expect.poll(() => form.save.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/form');
  });

  it('Lanjut shows the booked day on /, where the new booking is listed', async () => {
    const { page, form } = await openBorrowForm(app, PHONE);
    const date = await dayFromToday(app.baseUrl, 2);
    await form.fill({ name: 'Siti Rahmawati', date, start: '13:00', end: '15:30', reason: 'rapat panitia' });
    await form.save.click();
    await form.successDialog.waitFor();
    await screenshot(page, 'form-phone-360-success');
    await form.successDialog.getByRole('button', { name: 'Lanjut' }).click();

    await page.waitForURL((url) => url.pathname === '/' && url.search === `?tanggal=${date}`);
    const row = page.getByRole('main').getByRole('row', { name: /Siti Rahmawati/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['13:00', '15:30', 'Siti Rahmawati', 'PPTI 21']);
  });

  it('shows a time clash from the server under Jam Mulai, not in a dialog', async () => {
    const date = await dayFromToday(app.baseUrl, 3);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '11:00' });
    const { page, form } = await openBorrowForm(app);
    await form.fill({ name: 'Budi Santoso', date, start: '10:00', end: '12:00', reason: 'kuliah' });
    await form.save.click();
    expect(await fieldError(form.start)).toBe('Bentrok dengan jadwal lain (09:00 - 11:00)');
    expect(await form.start.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await form.name.inputValue()).toBe('Budi Santoso');
  });

  it('shows the daily cap from the server under Jam Selesai', async () => {
    const date = await dayFromToday(app.baseUrl, 4);
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '07:00', end: '10:00' });
    const { form } = await openBorrowForm(app);
    await form.fill({ name: 'Budi Santoso', date, start: '13:00', end: '15:00', reason: 'kuliah' });
    await form.save.click();
    expect(await fieldError(form.end)).toBe('Kamu udah pinjam 3 jam hari ini (maks 4 jam)');
    expect(await hasNoError(form.start)).toBe(true);
  });

  it('skips the instant checks for a voucher code and lets the server apply it', async () => {
    const { form } = await openBorrowForm(app);
    const date = await dayFromToday(app.baseUrl, 5);
    // An end before the start would be refused at once without a voucher.
    await form.fill({ name: 'Rizky Maulana', date, start: '08:00', end: '07:00', reason: VOUCHER });
    await form.save.click();
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain(`pada ${formatIndonesianDate(date)} jam 08:00 - 14:00 sudah tercatat.`);
  });

  it('shows the server’s answer about the name under Nama Peminjam when the roster could not be loaded', async () => {
    const page = await openPage(app, { agreed: true });
    // Without the roster the browser cannot tell whether the name exists; the server can.
    await page.route('**/api/roster', (route) => route.abort());
    await page.goto('/form');
    const form = borrowForm(page);
    await form.ready();
    await form.fill({ name: 'Orang Asing', date: await dayFromToday(app.baseUrl, 6), start: '08:00', end: '09:00', reason: 'kuliah' });
    await form.save.click();
    expect(await fieldError(form.name)).toBe('Nama peminjam tidak ditemukan');
  });

  it('says "Gagal menyimpan data, coba lagi." above the buttons when the booking cannot be stored', async () => {
    const { page, form } = await openBorrowForm(app);
    execOnDatabase(app, "create trigger refuse_bookings before insert on borrow_request begin select raise(abort, 'disk full'); end");
    try {
      await form.fill({ name: 'Budi Santoso', date: await dayFromToday(app.baseUrl, 7), start: '08:00', end: '09:00', reason: 'kuliah' });
      await form.save.click();
      await form.globalError.getByText('Gagal menyimpan data, coba lagi.', { exact: true }).waitFor();
    } finally {
      execOnDatabase(app, 'drop trigger refuse_bookings');
    }
    const alert = present(await form.globalError.boundingBox(), 'the alert on screen');
    expect(alert.y + alert.height).toBeLessThanOrEqual(present(await form.save.boundingBox(), 'the save button on screen').y);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await form.name.inputValue()).toBe('Budi Santoso');

    // The same form, unchanged, saves once the server can store it again.
    await form.save.click();
    await form.successDialog.waitFor();
  });

  it('says "Tidak ada koneksi internet." when the request does not get through', async () => {
    const { page, form } = await openBorrowForm(app);
    await page.route(
      (url) => url.pathname === '/api/bookings',
      (route) => route.abort(),
    );
    await form.fill({ name: 'Budi Santoso', date: await dayFromToday(app.baseUrl, 8), start: '08:00', end: '09:00', reason: 'kuliah' });
    await form.save.click();
    await form.globalError.getByText('Tidak ada koneksi internet.', { exact: true }).waitFor();
    expect(await form.save.isDisabled()).toBe(false);
    expect(await form.save.textContent()).toBe('Simpan');
  });

  it('does not call a booking saved when the 201 does not carry the booking', async () => {
    const { page, form } = await openBorrowForm(app);
    await page.route(
      (url) => url.pathname === '/api/bookings',
      (route) => route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ booking: { id: 1 } }) }),
    );
    await form.fill({ name: 'Budi Santoso', date: await dayFromToday(app.baseUrl, 9), start: '08:00', end: '09:00', reason: 'kuliah' });
    await form.save.click();
    await form.globalError.getByText('Terjadi kesalahan tidak terduga.', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
