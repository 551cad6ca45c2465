import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { dayFromToday } from './support/api';
import { violations } from './support/axe';
import { borrowForm } from './support/pages';
import { openTouchPhone, tapCounter, tapsSeenByPage } from './support/phone';
import { useStudentApp } from './support/student-app';

describe('booking in a few taps on a 360 px touch phone (issue 42)', () => {
  const app = useStudentApp();

  it('a first-time student books in at most 7 taps, then books again from the same phone in at most 3', async () => {
    const page = await openTouchPhone(app);
    const main = page.getByRole('main');
    const form = borrowForm(page);
    const first = tapCounter();
    const firstDay = await dayFromToday(app.baseUrl, 3);
    await page.goto(`/?tanggal=${firstDay}`);
    // Never booked on this phone: a gap offers the shorter class limit.
    await first.tap(main.getByRole('link', { name: 'Pinjam jam 00:00 - 03:00' }));
    await first.tap(main.getByRole('button', { name: 'Saya Setuju' }));
    await form.ready();
    expect([await form.date.inputValue(), await form.start.inputValue(), await form.end.inputValue()]).toEqual([
      firstDay,
      '00:00',
      '03:00',
    ]);
    await form.name.pressSequentially('budi');
    await first.tap(form.suggestions.getByRole('option', { name: /Budi Santoso/ }));
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 21');
    const chips = main.getByRole('list', { name: 'Alasan cepat' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['Kuliah', 'Beli makan', 'Panitia']);
    await first.tap(chips.filter({ hasText: 'Beli makan' }));
    await expect.poll(() => form.reason.inputValue()).toBe('Beli makan');
    await first.tap(form.save);
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain('jam 00:00 - 03:00 sudah tercatat.');
    expect(first.taps).toBeLessThanOrEqual(7);
    expect(first.taps).toBe(5);
    // Counted by the page as well: no click, option or Enter went past the counter.
    expect(await tapsSeenByPage(page)).toBe(first.taps);

    const again = tapCounter();
    const nextDay = await dayFromToday(app.baseUrl, 4);
    await page.goto(`/?tanggal=${nextDay}`);
    const seenBefore = await tapsSeenByPage(page);
    // Remembered now: PPTI 21's 4 hours, no rules, the name and the chips of this phone.
    await again.tap(main.getByRole('link', { name: 'Pinjam jam 00:00 - 04:00' }));
    await form.ready();
    await expect.poll(() => form.name.inputValue()).toBe('Budi Santoso');
    expect([await form.date.inputValue(), await form.start.inputValue(), await form.end.inputValue()]).toEqual([nextDay, '00:00', '04:00']);
    expect(await chips.allTextContents()).toEqual(['Beli makan', 'Kuliah', 'Panitia']);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'form-taps-returning-360');
    await again.tap(chips.filter({ hasText: 'Kuliah' }));
    await again.tap(form.save);
    await form.successDialog.waitFor();
    expect(await form.successDialog.textContent()).toContain('jam 00:00 - 04:00 sudah tercatat.');
    expect(again.taps).toBeLessThanOrEqual(3);
    expect((await tapsSeenByPage(page)) - seenBefore).toBe(again.taps);
  });

  it('fills the STNK choice and the purpose this phone booked with last', async () => {
    const page = await openTouchPhone(app, { agreed: true });
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, 5);
    await page.goto(`/form?tanggal=${day}&mulai=08:00&selesai=09:00`);
    await form.ready();
    await form.fill({ name: 'Siti Rahmawati', reason: 'Ke bengkel', needStnk: 'tidak' });
    await page.getByRole('main').getByLabel('Keperluan').selectOption('food');
    await form.save.tap();
    await form.successDialog.waitFor();

    await page.goto(`/form?tanggal=${day}&mulai=10:00&selesai=11:00`);
    await form.ready();
    await expect.poll(() => form.name.inputValue()).toBe('Siti Rahmawati');
    await expect.poll(() => form.needStnk.inputValue()).toBe('tidak');
    await expect.poll(() => page.getByRole('main').getByLabel('Keperluan').inputValue()).toBe('food');
    expect(await page.getByRole('main').getByRole('list', { name: 'Alasan cepat' }).getByRole('button').allTextContents()).toEqual([
      'Ke bengkel',
      'Kuliah',
      'Beli makan',
      'Panitia',
    ]);
    await expect.poll(() => form.reason.inputValue()).toBe('');
  });

  it('asks for the rules again once they change, and only then', async () => {
    const page = await openTouchPhone(app);
    const day = await dayFromToday(app.baseUrl, 6);
    await page.goto(`/peraturan?tanggal=${day}`);
    await page.getByRole('button', { name: 'Saya Setuju' }).tap();
    await borrowForm(page).ready();
    await page.goto(`/form?tanggal=${day}`);
    await borrowForm(page).ready();
    // What a phone holds after agreeing to other rules than today's.
    await page.evaluate(() => localStorage.setItem('agreedRulesVersion', 'aturan-lama'));
    await page.goto(`/form?tanggal=${day}`);
    await page.waitForURL((url) => url.pathname === '/peraturan' && url.searchParams.get('tanggal') === day);
    expect(await page.evaluate(() => localStorage.getItem('agreedToRules'))).toBe('true');
  });
});
