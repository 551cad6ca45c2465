import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { violations } from './support/axe';
import { fieldError, horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

const names = (admin: Page) =>
  admin.getByRole('list', { name: 'Daftar motor' }).getByRole('listitem').locator('span.font-semibold').allTextContents();

describe('the Motor tab’s bikes', () => {
  const app = useStudentApp();

  it('at 360 px: Tambah motor adds a bike to the list, Aktif switches it off, Naik moves it first', async () => {
    const admin = await openPage(app, { viewport: PHONE });
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    // One bike: no list, only the button that opens the form.
    await admin.getByRole('button', { name: 'Tambah motor' }).click();
    expect(await admin.getByRole('list', { name: 'Daftar motor' }).count()).toBe(0);
    const form = admin.getByRole('form', { name: 'Tambah motor' });
    await form.getByLabel('Nama motor').fill('Beat hitam');
    await form.getByLabel('Plat nomor').fill('B 1234 XY');
    await form.getByRole('button', { name: 'Tambahkan' }).click();
    const list = admin.getByRole('list', { name: 'Daftar motor' });
    await list.getByText('Beat hitam').waitFor();
    await list.getByText('B 1234 XY').waitFor();
    expect(await violations(admin)).toEqual([]);
    expect(await horizontalOverflow(admin)).toBe(0);
    await screenshot(admin, 'bikes-motor-tab-phone');
    // Android's largest font: the root font size doubled.
    await admin.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
    await expect.poll(() => horizontalOverflow(admin)).toBe(0);
    expect(await violations(admin)).toEqual([]);
    await admin.evaluate(() => document.documentElement.style.removeProperty('font-size'));

    const active = list.getByRole('switch', { name: 'Aktif: Beat hitam' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await expect.poll(() => active.isChecked()).toBe(false);
    await list.getByRole('button', { name: 'Naik: Beat hitam' }).click();
    await expect.poll(() => names(admin)).toEqual(['Beat hitam', 'Motor PPTI 21']);
  });

  it('on a desktop: an empty name and a name already used are told at the field', async () => {
    const admin = await openPage(app, { viewport: DESKTOP });
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    await admin.getByRole('button', { name: 'Tambah motor' }).click();
    const form = admin.getByRole('form', { name: 'Tambah motor' });
    const name = form.getByLabel('Nama motor');
    await form.getByRole('button', { name: 'Tambahkan' }).click();
    expect(await fieldError(name)).toBe('Nama motor harus diisi');
    await name.fill('Motor PPTI 21');
    await form.getByRole('button', { name: 'Tambahkan' }).click();
    await expect.poll(() => fieldError(name)).toBe('Nama motor sudah dipakai motor lain');
    expect(await violations(admin)).toEqual([]);
  });
});
