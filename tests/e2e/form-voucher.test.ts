import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { dayFromToday } from './support/api';
import { fieldError, openBorrowForm } from './support/pages';
import { useStudentApp } from './support/student-app';

const VOUCHER = 'VCH-HINT23';

describe('the borrowing form with a voucher code', () => {
  const app = useStudentApp({ vouchers: [VOUCHER] });

  it('says under Alasan when the free loan ends, the next day past midnight, as the start changes', async () => {
    const { page, form } = await openBorrowForm(app);
    const main = page.getByRole('main');
    await main.getByText('Punya kode voucher? Tulis kodenya di sini.').waitFor();
    await form.fill({ reason: 'vch-hint23', start: '09:30' });
    await main.getByText('Voucher: gratis 6 jam, selesai jam 15:30', { exact: true }).waitFor();
    await form.fill({ start: '20:00' });
    await main.getByText('Voucher: gratis 6 jam, selesai besoknya jam 02:00', { exact: true }).waitFor();
    expect(await form.reason.getAttribute('aria-describedby')).toContain(
      await main.getByText('Voucher: gratis 6 jam, selesai besoknya jam 02:00').getAttribute('id'),
    );
    await screenshot(page, 'form-voucher-hint');
    await form.fill({ reason: 'kuliah pagi' });
    await main.getByText('Punya kode voucher? Tulis kodenya di sini.').waitFor();
  });

  it('shows a mistyped code under Alasan instead of booking it as an ordinary reason', async () => {
    const { page, form } = await openBorrowForm(app);
    const date = await dayFromToday(app.baseUrl, 1);
    await form.fill({ name: 'Budi Santoso', date, start: '08:00', end: '09:00', reason: 'VCH-HINT2S' });
    await form.save.click();
    expect(await fieldError(form.reason)).toBe('Kode voucher tidak dikenal atau sudah dipakai');
    expect(await form.reason.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'form-voucher-typo');

    // Corrected, in small letters, it is the voucher.
    await form.fill({ reason: ' vch-hint23 ' });
    await form.save.click();
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain('jam 08:00 - 14:00 sudah tercatat.');
  });

  it('books once when the answer is lost and the same form is sent again', async () => {
    const { page, form } = await openBorrowForm(app);
    const date = await dayFromToday(app.baseUrl, 2);
    let lose = true;
    await page.route(
      (url) => url.pathname === '/api/bookings',
      async (route) => {
        if (route.request().method() !== 'POST' || !lose) return route.continue();
        lose = false;
        // The server gets the request and saves it; its answer never reaches the page.
        await route.fetch();
        await route.abort('connectionreset');
      },
    );
    await form.fill({ name: 'Siti Rahmawati', date, start: '10:00', end: '11:00', reason: 'kuliah' });
    await form.save.click();
    // No answer came back: the page cannot tell this from a dead connection, and says so.
    await form.globalError.getByText('Tidak ada koneksi internet.', { exact: true }).waitFor();
    await form.save.click();
    await form.successDialog.waitFor();
    const day = (await (await fetch(`${app.baseUrl}/api/bookings?date=${date}`)).json()) as { bookings: unknown[] };
    expect(day.bookings).toHaveLength(1);
  });
});
