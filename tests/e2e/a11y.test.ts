import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, dayFromToday } from './support/api';
import { violations } from './support/axe';
import { borrowForm } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

const VIEWPORTS = [
  { label: '1280', viewport: DESKTOP },
  { label: '360', viewport: PHONE },
];

describe('accessibility (axe-core) in Chromium', () => {
  const app = useStudentApp();

  describe.each(VIEWPORTS)('at $label px', ({ label, viewport }) => {
    it('/ with no bookings, with bookings, and with the load failed', async () => {
      const date = await dayFromToday(app.baseUrl, label === '360' ? 1 : 2);
      await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '08:00', end: '10:00' });
      const page = await openPage(app, { viewport });
      await page.goto(`/?tanggal=${await dayFromToday(app.baseUrl, 20)}`);
      await page.getByText(/Tidak ada peminjaman/).waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`/?tanggal=${date}`);
      await page.getByRole('main').getByRole('table').waitFor();
      expect(await violations(page)).toEqual([]);

      await page.route(
        (url) => url.pathname === '/api/bookings',
        (route) => route.abort(),
      );
      // A day in another week: the days of a loaded week are shown without a new request.
      await page
        .getByRole('main')
        .getByLabel('Tanggal')
        .fill(await dayFromToday(app.baseUrl, 28));
      await page.getByText('Gagal memuat jadwal.').waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it('an unknown path (the 404 page)', async () => {
      const page = await openPage(app, { viewport });
      await page.goto('/tidak-ada');
      await page.getByRole('link', { name: 'Kembali ke Cek Ketersediaan' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it('/peraturan', async () => {
      const page = await openPage(app, { viewport });
      await page.goto('/peraturan');
      await page.getByRole('button', { name: 'Saya Setuju' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it('/form empty, with its suggestions open, with errors, and with the success dialog open', async () => {
      const page = await openPage(app, { viewport, agreed: true });
      const form = borrowForm(page);
      await page.goto('/form');
      await form.heading.waitFor();
      await form.ready();
      expect(await violations(page)).toEqual([]);

      await form.name.fill('i');
      await form.suggestions.getByRole('option').first().waitFor();
      expect(await violations(page)).toEqual([]);
      await form.name.press('Escape');
      await form.name.fill('');

      await form.save.click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `a11y-form-errors-${label}`);

      await form.fill({
        name: 'Rizky Maulana',
        date: await dayFromToday(app.baseUrl, label === '360' ? 3 : 4),
        start: '08:00',
        end: '09:00',
        reason: 'kuliah',
      });
      await form.save.click();
      await form.successDialog.waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  it('the open mobile menu', async () => {
    const page = await openPage(app, { viewport: PHONE });
    await page.goto('/peraturan');
    // The bar renders before the page's own chunk: axe must see the page's heading too.
    await page.getByRole('button', { name: 'Saya Setuju' }).waitFor();
    await page.getByRole('navigation').locator('button[aria-controls]').click();
    await page.getByRole('navigation').getByRole('link', { name: 'Generate Voucher' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
