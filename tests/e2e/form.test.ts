import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { dayFromToday } from './support/api';
import { borrowForm, fieldError, hasNoError, horizontalOverflow, openBorrowForm, smallTouchTargets } from './support/pages';
import { openPage, type StudentApp, useStudentApp } from './support/student-app';

/** Counts the booking requests the page sends, to prove the instant checks stopped one. */
function countBookingPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') posts++;
  });
  return () => posts;
}

async function openForm(app: StudentApp, viewport?: { width: number; height: number }) {
  const { page, form } = await openBorrowForm(app, viewport);
  return { page, form, posts: countBookingPosts(page) };
}

describe('the borrowing form: fields, type-ahead and instant checks', () => {
  const app = useStudentApp();

  it('labels every field, keeps Kelas read-only and offers the STNK choices', async () => {
    const { page, form } = await openForm(app);
    for (const field of [form.name, form.className, form.date, form.start, form.end, form.reason, form.needStnk]) {
      expect(await field.isVisible()).toBe(true);
    }
    expect(await form.date.getAttribute('type')).toBe('date');
    expect(await form.start.getAttribute('type')).toBe('time');
    expect(await form.end.getAttribute('type')).toBe('time');
    expect(await form.reason.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    expect(await form.className.getAttribute('readonly')).not.toBeNull();
    expect(
      await form.needStnk.locator('option').evaluateAll((options: HTMLOptionElement[]) => options.map((o) => [o.value, o.text])),
    ).toEqual([
      ['', 'Pilih'],
      ['ya', 'Ya'],
      ['tidak', 'Tidak'],
    ]);
    expect(await form.cancel.isVisible()).toBe(true);
    expect(await form.save.textContent()).toBe('Simpan');
    await screenshot(page, 'form-desktop-1280');
  });

  it('Batal goes back to the availability page', async () => {
    const { page, form } = await openForm(app);
    await form.cancel.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('suggests roster names by part of the name, case-insensitively, picked with the arrow keys and Enter', async () => {
    const { page, form, posts } = await openForm(app);
    await form.name.click();
    await page.keyboard.type('AN');
    await expect
      .poll(() => form.suggestions.getByRole('option').allTextContents())
      .toEqual(['Budi SantosoPPTI 21', 'Rizky MaulanaPPTI 22']);
    expect(await form.name.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const highlighted = form.suggestions.getByRole('option', { selected: true });
    expect(await highlighted.textContent()).toContain('Rizky Maulana');
    expect(await form.name.getAttribute('aria-activedescendant')).toBe(await highlighted.getAttribute('id'));
    await page.keyboard.press('Enter');

    expect(await form.name.inputValue()).toBe('Rizky Maulana');
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 22');
    expect(await form.name.getAttribute('aria-expanded')).toBe('false');
    expect(await form.suggestions.isVisible()).toBe(false);
    // Enter picked a name; it did not submit the form.
    expect(await hasNoError(form.name)).toBe(true);
    expect(posts()).toBe(0);
  });

  it('picks a suggestion by click and fills the class', async () => {
    const { page, form } = await openForm(app, PHONE);
    await form.name.fill('budi');
    const option = form.suggestions.getByRole('option', { name: /Budi Santoso/ });
    await expect.poll(() => form.suggestions.getByRole('option').count()).toBe(1);
    expect(await smallTouchTargets(page)).toEqual([]);
    await screenshot(page, 'form-phone-360-suggestions');
    await option.click();
    expect(await form.name.inputValue()).toBe('Budi Santoso');
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 21');
  });

  it('fills the class when a full name is typed, in any case, and empties it when the name is not one', async () => {
    const { form } = await openForm(app);
    await form.name.fill('siti rahmawati');
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 21');
    await form.name.fill('Siti');
    await expect.poll(() => form.className.inputValue()).toBe('');
  });

  it('closes the suggestions on Escape', async () => {
    const { page, form } = await openForm(app);
    await form.name.fill('a');
    await form.suggestions.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await form.suggestions.isVisible()).toBe(false);
    expect(await form.name.inputValue()).toBe('a');
  });

  it('reports every required field under it at once and focuses the first, without asking the server', async () => {
    const { page, form, posts } = await openForm(app, PHONE);
    await form.save.click();
    expect(await fieldError(form.name)).toBe('Nama peminjam harus diisi');
    expect(await fieldError(form.date)).toBe('Tanggal peminjaman harus diisi');
    expect(await fieldError(form.start)).toBe('Jam mulai harus diisi');
    expect(await fieldError(form.end)).toBe('Jam selesai harus diisi');
    expect(await fieldError(form.reason)).toBe('Alasan peminjaman harus diisi');
    expect(await hasNoError(form.needStnk)).toBe(true);
    expect(await form.name.evaluate((element) => element === document.activeElement)).toBe(true);
    const header = present(await page.locator('header').boundingBox(), 'the header on screen');
    expect(
      present(await form.name.boundingBox(), 'the name field on screen').y,
      'the focused field is not under the fixed bar',
    ).toBeGreaterThanOrEqual(header.y + header.height);
    expect(posts()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallTouchTargets(page)).toEqual([]);
    await screenshot(page, 'form-phone-360-errors');
  });

  it('clears a field’s error once it is changed', async () => {
    const { form } = await openForm(app);
    await form.save.click();
    expect(await fieldError(form.reason)).toBe('Alasan peminjaman harus diisi');
    await form.reason.fill('kuliah');
    expect(await hasNoError(form.reason)).toBe(true);
    expect(await fieldError(form.name)).toBe('Nama peminjam harus diisi');
  });

  it.each<{ case: string; day?: number; change: Record<string, string>; field: 'name' | 'date' | 'end'; message: string }>([
    { case: 'a name not on the roster', change: { name: 'Orang Asing' }, field: 'name', message: 'Nama peminjam tidak ditemukan' },
    { case: 'a date before today', day: -1, change: {}, field: 'date', message: 'Tanggal tidak boleh di masa lalu' },
    {
      case: 'an end before the start',
      change: { start: '10:00', end: '09:00' },
      field: 'end',
      message: 'Jam selesai harus lebih besar dari jam mulai',
    },
    {
      case: 'an end equal to the start',
      change: { start: '10:00', end: '10:00' },
      field: 'end',
      message: 'Jam selesai harus lebih besar dari jam mulai',
    },
    {
      case: 'more than 3 hours for another class',
      change: { name: 'Rizky Maulana', start: '08:00', end: '11:30' },
      field: 'end',
      message: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
    },
    {
      case: 'more than 4 hours for PPTI 21',
      change: { start: '08:00', end: '12:01' },
      field: 'end',
      message: 'Kelas PPTI 21 hanya boleh pinjam 4 jam',
    },
  ])('rejects $case under its field and focuses it, before asking the server', async (example) => {
    const { form, posts } = await openForm(app);
    const date = await dayFromToday(app.baseUrl, example.day ?? 1);
    await form.fill({ name: 'Budi Santoso', date, start: '08:00', end: '10:00', reason: 'kuliah', ...example.change });
    await form.save.click();
    const control = form[example.field];
    expect(await fieldError(control)).toBe(example.message);
    expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(posts()).toBe(0);
  });

  it('says when the roster could not be loaded, and loads it on Coba lagi', async () => {
    const page = await openPage(app, { agreed: true });
    await page.route('**/api/roster', (route) => route.abort());
    await page.goto('/form');
    const form = borrowForm(page);
    await page.getByText('Daftar nama gagal dimuat.').waitFor();
    await page.unroute('**/api/roster');
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByText('Daftar nama gagal dimuat.').waitFor({ state: 'detached' });
    await form.name.fill('rizky');
    await form.suggestions.getByRole('option', { name: /Rizky Maulana/ }).click();
    await expect.poll(() => form.className.inputValue()).toBe('PPTI 22');
  });
});
