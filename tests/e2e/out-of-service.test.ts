import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, type StudentApp, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request; the page's clock starts at the same instant.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

async function phonePageAt(app: StudentApp, at: Date): Promise<Page> {
  const page = await openPage(app, { viewport: PHONE, agreed: true });
  await page.clock.install({ time: at });
  return page;
}

describe('the bike out of service, at 360 px', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('the Motor tab opens the form from a condition note, lists the bookings it hits, cancels them; / shows the status line, the block and the day’s mark', async () => {
    const date = '2031-04-07';
    setServerClock(date, '06:00');
    const earlier = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '06:15', end: '07:00' });
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '09:00', end: '10:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '11:00', end: '12:00' });
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '15:00', end: '16:00' });
    setServerClock(date, '06:15');
    await handoverByApi(app, earlier, { event: 'pickup', fuel: 'Penuh' });
    setServerClock(date, '06:50');
    await handoverByApi(app, earlier, { event: 'return', fuel: '3/4', note: 'Ban belakang kempes' });

    const admin = await phonePageAt(app, setServerClock(date, '07:00'));
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    await admin.getByRole('button', { name: 'Tandai tidak tersedia: Ban belakang kempes' }).click();
    const reason = admin.getByLabel('Alasan', { exact: true });
    await expect.poll(() => reason.inputValue()).toBe('Ban belakang kempes');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);

    await reason.fill('Ban bocor');
    expect(await admin.getByLabel('Mulai tanggal').inputValue()).toBe(date);
    await admin.getByLabel('Mulai jam').fill('08:00');
    await admin.getByLabel('Sampai tanggal').fill(date);
    await admin.getByLabel('Sampai jam').fill('13:00');
    await admin.getByRole('button', { name: 'Tandai tidak tersedia', exact: true }).click();
    await admin.getByText('2 peminjaman ada di waktu itu:').waitFor();
    const listed = admin
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: /^Senin, 7 April 2031/ });
    expect(await listed.allTextContents()).toEqual([
      'Senin, 7 April 2031 09:00 - 10:00, Budi Santoso (PPTI 21)',
      'Senin, 7 April 2031 11:00 - 12:00, Rizky Maulana (PPTI 22)',
    ]);
    expect(await horizontalOverflow(admin)).toBe(0);
    expect(await violations(admin)).toEqual([]);
    await screenshot(admin, 'out-of-service-affected-360');

    await admin.getByRole('button', { name: 'Batalkan semua' }).click();
    await admin.getByText('Motor ditandai tidak tersedia, 2 peminjaman dibatalkan.').waitFor();
    await admin.getByText('2 dibatalkan, 0 dibiarkan').waitFor();
    expect(await violations(admin)).toEqual([]);

    const student = await phonePageAt(app, setServerClock(date, '08:30'));
    await student.goto(`/?tanggal=${date}`);
    await student.getByText('Motor tidak tersedia (Ban bocor) sampai Senin, 7 April 2031 jam 13:00.').waitFor();
    const timeline = student.getByRole('main').getByRole('list', { name: /^Linimasa/ });
    await timeline.getByText('Tidak tersedia: Ban bocor').waitFor();
    expect(await timeline.getByText('Tidak tersedia: Ban bocor').textContent()).toBe('Tidak tersedia: Ban bocor 08:00 - 13:00');
    // The cancelled bookings are gone from the day; the one after the period stands.
    expect(await timeline.getByText('Budi Santoso').count()).toBe(1);
    await student.getByRole('button', { name: /^Senin, 7 April 2031, .*, Tidak tersedia$/ }).waitFor();
    expect(await horizontalOverflow(student)).toBe(0);
    expect(await violations(student)).toEqual([]);
    await screenshot(student, 'out-of-service-availability-360');

    // `Motor sudah siap` ends it now: the status line no longer says it.
    setServerClock(date, '09:30');
    await admin.reload();
    await admin.getByRole('button', { name: 'Motor sudah siap' }).click();
    await admin.getByText('Dicatat: motor sudah siap dipakai lagi.').waitFor();
    await admin.getByRole('button', { name: 'Motor sudah siap' }).waitFor({ state: 'detached' });
  });
  it('Ubah opens the form prefilled on a period to come, lists the booking a longer period would hit, and shows the change', async () => {
    const date = '2031-04-08';
    const admin = await phonePageAt(app, setServerClock(date, '07:00'));
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    await admin.getByLabel('Alasan', { exact: true }).fill('Servis');
    await admin.getByLabel('Mulai jam').fill('10:00');
    await admin.getByLabel('Sampai tanggal').fill(date);
    await admin.getByLabel('Sampai jam').fill('12:00');
    await admin.getByRole('button', { name: 'Tandai tidak tersedia', exact: true }).click();
    const form = admin.locator('form').filter({ hasText: 'Tidak ada peminjaman di waktu itu.' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Simpan' }).click();
    await admin.getByText('Motor ditandai tidak tersedia.').waitFor();
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '13:00', end: '14:00' });

    await admin.getByRole('button', { name: 'Ubah: Servis' }).click();
    await admin.getByRole('heading', { name: 'Ubah masa tidak tersedia' }).waitFor();
    const reason = admin.getByLabel('Alasan', { exact: true });
    expect(await reason.inputValue()).toBe('Servis');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await admin.getByLabel('Mulai jam').inputValue()).toBe('10:00');
    expect(await admin.getByLabel('Mulai jam').evaluate((element) => (element as HTMLInputElement).readOnly)).toBe(true);
    expect(await admin.getByLabel('Sampai tanggal').inputValue()).toBe(date);
    expect(await admin.getByLabel('Sampai jam').inputValue()).toBe('12:00');

    await reason.fill('Servis besar');
    await admin.getByLabel('Sampai jam').fill('15:00');
    await admin.getByRole('button', { name: 'Periksa perubahan' }).click();
    await admin.getByText('1 peminjaman baru kena perubahan ini:').waitFor();
    expect(
      await admin
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: /^Selasa, 8 April 2031/ })
        .allTextContents(),
    ).toEqual(['Selasa, 8 April 2031 13:00 - 14:00, Budi Santoso (PPTI 21)']);
    expect(await horizontalOverflow(admin)).toBe(0);
    expect(await violations(admin)).toEqual([]);
    await screenshot(admin, 'out-of-service-edit-360');

    await admin.getByRole('button', { name: 'Biarkan' }).click();
    await admin.getByText('Perubahan disimpan, 1 peminjam diberi tahu.').waitFor();
    const changed = admin.getByRole('listitem').filter({ hasText: 'Servis besar' });
    await changed.getByText('Selasa, 8 April 2031 10:00 - Selasa, 8 April 2031 15:00, oleh Admin Uji').waitFor();
    await changed.getByText('0 dibatalkan, 1 dibiarkan').waitFor();
    expect(await admin.getByRole('heading', { name: 'Ubah masa tidak tersedia' }).count()).toBe(0);
    expect(await violations(admin)).toEqual([]);
  });
});
