import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { screenshot } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm, fieldError } from './support/pages';
import { openTouchPhone } from './support/phone';
import { useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const setServerClock = (date: string, time: string) => writeFileSync(clockFile, jakartaInstant(date, time).toISOString());

describe('Pakai jam offers only a span the server accepts (issue 42)', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('while a loan is late: past its 3 hours, within the day’s 4 hours, clear of the name’s own booking', async () => {
    const date = '2031-07-08';
    setServerClock(date, '07:00');
    const late = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '08:00', end: '09:00' });
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '10:00', end: '10:30' });
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '14:00', end: '16:00' });
    setServerClock(date, '08:00');
    await handoverByApi(app, late, { event: 'pickup', fuel: 'Penuh' });
    setServerClock(date, '09:30');

    const page = await openTouchPhone(app, { agreed: true });
    const form = borrowForm(page);
    await page.goto(`/form?tanggal=${date}&mulai=10:00&selesai=13:00`);
    await form.ready();
    await form.fill({ name: 'Budi Santoso', reason: 'Kuliah' });
    await form.save.tap();
    expect(await fieldError(form.start)).toBe('Motor belum dikembalikan peminjam sebelumnya.');
    expect(await fieldError(form.end)).toBe('Kamu udah pinjam 2 jam hari ini (maks 4 jam)');
    // Not 10:30 - 13:30 (a late bike's reach, and past the day's 4 hours), nor 12:30 (Budi's own 14:00).
    const offer = page.getByRole('main').getByRole('button', { name: /^Pakai jam/ });
    await offer.waitFor();
    expect(await offer.textContent()).toBe('Pakai jam 16:00 - 18:00');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-offer-late-loan-360');

    await offer.tap();
    await expect.poll(async () => [await form.start.inputValue(), await form.end.inputValue()]).toEqual(['16:00', '18:00']);
    await form.save.tap();
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain('jam 16:00 - 18:00 sudah tercatat.');
  });
});
