import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../helpers/browser';
import { dayFromToday } from './support/api';
import { violations } from './support/axe';
import { borrowForm, fieldError, horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

describe('where the key is, at 360 px', () => {
  const app = useStudentApp();

  it('the Motor tab saves Tempat ambil kunci and Kontak pemilik; the success dialog and the card tell them, the number a wa.me link', async () => {
    const admin = await openPage(app, { viewport: PHONE });
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    const form = admin.getByRole('form', { name: 'Ambil kunci' });
    const place = form.getByLabel('Tempat ambil kunci');
    const contact = form.getByLabel('Kontak pemilik');
    await place.fill('Pos satpam gedung B, titip ke Pak Joko');
    await contact.fill('nomor saya');
    await form.getByRole('button', { name: 'Perbarui tempat kunci' }).click();
    expect(await fieldError(contact)).toBe('Nomor WhatsApp tidak valid. Contoh: 0812 3456 7890 atau +62 812 3456 7890.');
    expect(await violations(admin)).toEqual([]);
    await contact.fill('0812-3456-7890');
    await form.getByRole('button', { name: 'Perbarui tempat kunci' }).click();
    await form.getByRole('status').getByText('Tempat ambil kunci sudah disimpan.').waitFor();
    expect(await contact.inputValue()).toBe('+6281234567890');
    expect(await horizontalOverflow(admin)).toBe(0);
    await screenshot(admin, 'screens-key-place-admin-phone');

    const date = await dayFromToday(app.baseUrl, 2);
    const student = await openPage(app, { viewport: PHONE, agreed: true });
    const booking = borrowForm(student);
    await student.goto('/form');
    await booking.ready();
    await booking.fill({ name: 'Budi Santoso', date, start: '09:00', end: '10:00', reason: 'kuliah', needStnk: 'tidak' });
    await booking.save.click();
    const dialog = booking.successDialog;
    await dialog.getByText('Tempat ambil kunci: Pos satpam gedung B, titip ke Pak Joko').waitFor();
    const link = dialog.getByRole('link', { name: '+6281234567890 (WhatsApp)' });
    expect(await link.getAttribute('href')).toBe('https://wa.me/6281234567890');
    expect(await violations(student)).toEqual([]);
    expect(await horizontalOverflow(student)).toBe(0);
    await screenshot(student, 'screens-key-place-dialog-phone');

    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    const card = student.getByRole('region', { name: 'Peminjaman kamu' });
    await card.getByText('Tempat ambil kunci: Pos satpam gedung B, titip ke Pak Joko').waitFor();
    expect(await card.getByRole('link', { name: '+6281234567890 (WhatsApp)' }).getAttribute('href')).toBe('https://wa.me/6281234567890');
    expect(await violations(student)).toEqual([]);
  });
});
