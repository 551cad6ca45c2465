import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { bookViaApi, dayFromToday } from './support/api';
import { violations } from './support/axe';
import { borrowForm, fieldError, hasNoError } from './support/pages';
import { openTouchPhone } from './support/phone';
import { useStudentApp } from './support/student-app';

describe('a forgiving form on a 360 px touch phone (issue 42)', () => {
  const app = useStudentApp();

  it('keeps the draft across Back, Forward and a reload in the tab, and Back from the form skips the rules just agreed', async () => {
    const page = await openTouchPhone(app);
    const main = page.getByRole('main');
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, 2);
    await page.goto(`/?tanggal=${day}`);
    await main.getByRole('link', { name: 'Pinjam jam 00:00 - 03:00' }).tap();
    await main.getByRole('button', { name: 'Saya Setuju' }).tap();
    await form.ready();
    await form.fill({ name: 'Siti Rahmawati', start: '01:00', reason: 'Ambil paket di kantor pos' });
    const draft = async () => [
      await form.name.inputValue(),
      await form.date.inputValue(),
      await form.start.inputValue(),
      await form.end.inputValue(),
      await form.reason.inputValue(),
    ];
    const typed = ['Siti Rahmawati', day, '01:00', '03:00', 'Ambil paket di kantor pos'];
    expect(await draft()).toEqual(typed);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goForward();
    await form.ready();
    expect(await draft()).toEqual(typed);
    await page.reload();
    await form.ready();
    expect(await draft()).toEqual(typed);

    // Another tab starts from the link it was opened with.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await borrowForm(other).ready();
    await expect.poll(() => borrowForm(other).reason.inputValue()).toBe('');
    await expect.poll(() => borrowForm(other).start.inputValue()).toBe('00:00');

    // Booked, the draft is gone: the same link opens a fresh form.
    await form.save.tap();
    await form.successDialog.waitFor();
    await page.reload();
    await form.ready();
    await expect.poll(() => form.reason.inputValue()).toBe('');
    await expect.poll(() => form.start.inputValue()).toBe('00:00');
  });

  it('shows every error at once on Simpan with the focus on the first, and Maksudnya {nama}? fills the name in one tap', async () => {
    const page = await openTouchPhone(app, { agreed: true });
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, 2);
    await page.goto(`/form?tanggal=${day}&mulai=10:00&selesai=09:00`);
    await form.ready();
    await form.name.pressSequentially('Bdi Santoso');
    await form.name.press('Escape');
    const didYouMean = page.getByRole('main').getByRole('button', { name: 'Maksudnya Budi Santoso?', exact: true });
    await didYouMean.waitFor();
    await form.save.tap();
    expect(await fieldError(form.name)).toBe('Nama peminjam tidak ditemukan');
    expect(await fieldError(form.end)).toBe('Jam selesai harus lebih besar dari jam mulai');
    expect(await fieldError(form.reason)).toBe('Alasan peminjaman harus diisi');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-all-errors-360');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-all-errors-360-dark');

    await didYouMean.tap();
    await expect.poll(() => form.name.inputValue()).toBe('Budi Santoso');
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 21');
    expect(await hasNoError(form.name)).toBe(true);
    expect(await didYouMean.count()).toBe(0);
    // The other errors stay until their fields are fixed.
    expect(await fieldError(form.end)).toBe('Jam selesai harus lebih besar dari jam mulai');
  });

  it('shows the overlap and the daily total beside the other errors, from the day’s list before asking and beside the server’s first', async () => {
    const page = await openTouchPhone(app, { agreed: true });
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, 11);
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: day, start: '08:00', end: '10:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: day, start: '13:00', end: '14:00' });
    await page.goto(`/form?tanggal=${day}&mulai=12:00&selesai=15:00`);
    await form.ready();
    await form.fill({ name: 'Budi Santoso' });
    await form.save.tap();
    expect(await fieldError(form.start)).toBe('Bentrok dengan jadwal lain (13:00 - 14:00)');
    expect(await fieldError(form.end)).toBe('Kamu udah pinjam 2 jam hari ini (maks 4 jam)');
    expect(await fieldError(form.reason)).toBe('Alasan peminjaman harus diisi');
    const startId = await form.start.getAttribute('id');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(startId);
    // The clash found before asking gets its offer too, cut to the 2 hours Budi has left that day.
    await page.getByRole('main').getByRole('button', { name: 'Pakai jam 14:00 - 16:00', exact: true }).waitFor();

    // The server answers its first failure (the daily total); the day's list read after it adds the overlap.
    await form.fill({ reason: 'Kuliah' });
    const refused = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/bookings'));
    const listed = page.waitForResponse((response) => response.url().includes(`/api/bookings?date=${day}`));
    await form.save.tap();
    expect(await (await refused).json()).toEqual({ errors: { end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)' } });
    await listed;
    expect(await fieldError(form.start)).toBe('Bentrok dengan jadwal lain (13:00 - 14:00)');
    expect(await fieldError(form.end)).toBe('Kamu udah pinjam 2 jam hari ini (maks 4 jam)');
    expect(await hasNoError(form.reason)).toBe(true);
  });

  it('offers Pakai jam {HH:MM} - {HH:MM} after a clash, and one tap fills both times', async () => {
    const page = await openTouchPhone(app, { agreed: true, colorScheme: 'dark' });
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, 7);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: day, start: '10:00', end: '11:00' });
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: day, start: '11:00', end: '12:30' });
    await page.goto(`/form?tanggal=${day}&mulai=10:30&selesai=12:00`);
    await form.ready();
    await form.fill({ name: 'Budi Santoso', reason: 'Kuliah' });
    await form.save.tap();
    expect(await fieldError(form.start)).toBe('Bentrok dengan jadwal lain (10:00 - 11:00)');
    const offer = page.getByRole('main').getByRole('button', { name: 'Pakai jam 12:30 - 14:00', exact: true });
    await offer.waitFor();
    const startId = await form.start.getAttribute('id');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(startId);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-clash-offer-360-dark');

    await offer.tap();
    expect([await form.start.inputValue(), await form.end.inputValue()]).toEqual(['12:30', '14:00']);
    expect(await offer.count()).toBe(0);
    await form.save.tap();
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain('jam 12:30 - 14:00 sudah tercatat.');
  });

  it('offline, shows the gap links and Pinjam motor disabled with Butuh internet untuk memesan.', async () => {
    const page = await openTouchPhone(app, { agreed: true });
    const main = page.getByRole('main');
    const day = await dayFromToday(app.baseUrl, 9);
    await page.goto(`/?tanggal=${day}`);
    await main.getByRole('link', { name: 'Pinjam jam 00:00 - 03:00' }).waitFor();
    await page.context().setOffline(true);
    await main.getByText('Butuh internet untuk memesan.', { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: 'Pinjam motor', exact: true }).isDisabled()).toBe(true);
    expect(await main.getByRole('button', { name: 'Pinjam jam 00:00 - 03:00' }).isDisabled()).toBe(true);
    expect(await main.getByRole('link', { name: /^Pinjam/ }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-offline-360');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-offline-360-dark');

    await page.context().setOffline(false);
    await main.getByRole('link', { name: 'Pinjam jam 00:00 - 03:00' }).waitFor();
    expect(await main.getByText('Butuh internet untuk memesan.').count()).toBe(0);
    await main.getByRole('link', { name: 'Pinjam motor', exact: true }).tap();
    await borrowForm(page).ready();
  });
});
