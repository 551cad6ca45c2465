import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { violations } from './support/axe';
import { fieldError, hasNoError, horizontalOverflow, openBorrowForm } from './support/pages';
import { useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

function setServerClock(date: string, time: string): void {
  writeFileSync(clockFile, jakartaInstant(date, time).toISOString());
}

/** Every booking the page sends, so a test can tell the form's own refusal from the server's. */
function bookingPosts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') sent.push(request.postData() ?? '');
  });
  return sent;
}

const VIEWPORTS = [
  { label: '360 px', viewport: PHONE, today: '2031-03-05', weekday: 'Rabu', nextWeekday: 'Kamis', voucher: 'VCH-PHONE1' },
  { label: '1280 px', viewport: DESKTOP, today: '2031-03-07', weekday: 'Jumat', nextWeekday: 'Sabtu', voucher: 'VCH-DESKT1' },
];

describe('the borrowing form on a phone and a laptop (issue 28)', () => {
  const app = useStudentApp({ vouchers: VIEWPORTS.map(({ voucher }) => voucher), env: { APP_CLOCK_FILE: clockFile } });

  describe.each(VIEWPORTS)('at $label', ({ viewport, today, weekday, nextWeekday, voucher }) => {
    const day = Number(today.slice(-2));

    it('refuses a start already over today, in the form and on the server, and books 15 minutes back', async () => {
      setServerClock(today, '22:57');
      const { page, form } = await openBorrowForm(app, viewport);
      const sent = bookingPosts(page);
      await form.fill({ name: 'Budi Santoso', date: today, start: '20:00', end: '21:00', reason: 'kuliah' });
      await form.save.click();
      expect(await fieldError(form.start)).toBe('Jam mulai sudah lewat');
      expect(sent).toEqual([]);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `form-phone-past-start-${viewport.width}`);

      // The form's clock is the one it loaded; the server's has moved on a minute, and it decides.
      await form.fill({ start: '22:42', end: '23:30' });
      expect(await hasNoError(form.start)).toBe(true);
      setServerClock(today, '22:58');
      await form.save.click();
      expect(await fieldError(form.start)).toBe('Jam mulai sudah lewat');
      expect(sent).toHaveLength(1);

      await form.fill({ start: '22:43' });
      await form.save.click();
      await form.successDialog.waitFor();
      expect(await form.successDialog.textContent()).toContain('jam 22:43 - 23:30 sudah tercatat.');
      expect(await form.successDialog.textContent()).not.toContain('terpakai');
    });

    it('says the day and the duration above Simpan, fills and locks the voucher end, and says the voucher was spent', async () => {
      setServerClock(today, '07:00');
      const { page, form } = await openBorrowForm(app, viewport);
      const main = page.getByRole('main');
      const line = (text: string) => main.getByText(text, { exact: true });
      await form.fill({ name: 'Siti Rahmawati', date: today, start: '08:00', end: '10:30' });
      await line(`${weekday}, ${day} Maret 2031 · 08:00-10:30 (2 jam 30 menit)`).waitFor();
      await form.fill({ end: '10:00' });
      await line(`${weekday}, ${day} Maret 2031 · 08:00-10:00 (2 jam)`).waitFor();
      await form.fill({ end: '08:45' });
      await line(`${weekday}, ${day} Maret 2031 · 08:00-08:45 (45 menit)`).waitFor();
      const box = await line(`${weekday}, ${day} Maret 2031 · 08:00-08:45 (45 menit)`).boundingBox();
      const save = await form.save.boundingBox();
      expect(box && save && box.y + box.height <= save.y).toBe(true);

      await form.fill({ reason: voucher.toLowerCase() });
      await line(`${weekday}, ${day} Maret 2031 · 08:00-14:00 (6 jam)`).waitFor();
      expect(await form.end.inputValue()).toBe('14:00');
      expect(await form.end.isEditable()).toBe(false);
      await form.fill({ start: '21:00' });
      await line(`${weekday}, ${day} Maret 2031 · 21:00-${nextWeekday} 03:00 (6 jam)`).waitFor();
      expect(await form.end.inputValue()).toBe('03:00');
      expect(await violations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `form-phone-voucher-locked-${viewport.width}`);

      // Without the code the end the student typed comes back, editable.
      await form.fill({ reason: 'kuliah' });
      await expect.poll(() => form.end.isEditable()).toBe(true);
      expect(await form.end.inputValue()).toBe('08:45');
      await form.fill({ start: '08:00' });
      await line(`${weekday}, ${day} Maret 2031 · 08:00-08:45 (45 menit)`).waitFor();

      await form.fill({ reason: ` ${voucher.toLowerCase()} ` });
      await expect.poll(() => form.end.isEditable()).toBe(false);
      await form.save.click();
      await form.successDialog.waitFor();
      await form.successDialog.getByText(`Voucher ${voucher} terpakai.`, { exact: true }).waitFor();
      expect(await form.successDialog.textContent()).toContain('jam 08:00 - 14:00 sudah tercatat.');
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `form-phone-voucher-spent-${viewport.width}`);
    });

    it('hints, without an error, that a code among words is not spent', async () => {
      setServerClock(today, '07:00');
      const { page, form } = await openBorrowForm(app, viewport);
      const main = page.getByRole('main');
      await form.fill({ name: 'Rizky Maulana', date: today, start: '15:00', end: '16:00', reason: `pakai voucher ${voucher}` });
      const hint = main.getByText('Untuk memakai voucher, isi Alasan hanya dengan kodenya.', { exact: true });
      await hint.waitFor();
      expect(await form.reason.getAttribute('aria-describedby')).toContain(await hint.getAttribute('id'));
      expect(await hasNoError(form.reason)).toBe(true);
      expect(await form.end.isEditable()).toBe(true);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `form-phone-voucher-hint-${viewport.width}`);
      await form.fill({ reason: 'kuliah' });
      await main.getByText('Punya kode voucher? Tulis kodenya di sini.', { exact: true }).waitFor();
    });
  });
});
