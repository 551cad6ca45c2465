import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIndonesianDate } from '../../src/domain/time/clock';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, execOnDatabase, openPage, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request; each test writes its instant.
const clockFile = join(mkdtempSync(join(tmpdir(), 'pinjam-clock-')), 'now');
writeFileSync(clockFile, '');

function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

const VIEWPORTS = [
  [PHONE, '360 px'],
  [DESKTOP, 'a desktop'],
] as const;

describe('the places that name the bike with two active bikes (and one switched off)', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });
  beforeAll(() => {
    execOnDatabase(
      app,
      `INSERT INTO motorbike (id, name, plate, active, sort_order) VALUES (2, 'Beat hitam', 'B 1234 XY', 1, 2), (3, 'Supra lama', '', 0, 3)`,
    );
  });

  async function adminCookie(): Promise<string> {
    const login = await fetch(`${app.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ name: 'Admin Uji', code: adminIdOf(app) }),
    });
    return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  async function markOut(cookie: string, date: string, motorId: number, fromTime: string, untilTime: string): Promise<void> {
    const period = { fromDate: date, fromTime, untilDate: date, untilTime, reason: 'Servis', motorId };
    const created = await fetch(`${app.baseUrl}/api/admin/out-of-service`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ period, decision: 'keep' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
  }

  async function pageAt(at: Date, viewport: { width: number; height: number }): Promise<Page> {
    const page = await openPage(app, { viewport });
    await page.clock.install({ time: at });
    return page;
  }

  for (const [viewport, label] of VIEWPORTS) {
    it(`at ${label}: the day's table has Motor, a switched-off bike's booking has a lane of its own, and Tidak tersedia marks a day only when both bikes are out`, async () => {
      const monday = viewport === PHONE ? '2032-03-01' : '2032-03-08';
      const [thursday, friday] = [addDays(monday, 3), addDays(monday, 4)];
      setServerClock(monday, '07:00');
      await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: monday, start: '09:00', end: '11:00', motorId: 1 });
      await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: monday, start: '13:00', end: '15:00', motorId: 2 });
      // A booking of a bike switched off since: written as it was then, before Aktif went off.
      execOnDatabase(
        app,
        `INSERT INTO borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk, motorbike_id, ref)
         SELECT id, '${monday}', '10:00', '12:00', 'kuliah', 0, 3, 'supra-${monday}' FROM users WHERE name = 'Budi Santoso'`,
      );
      const cookie = await adminCookie();
      await markOut(cookie, thursday, 1, '07:00', '12:00');
      await markOut(cookie, thursday, 2, '10:00', '18:00');
      await markOut(cookie, friday, 2, '00:00', '23:59');

      const page = await pageAt(setServerClock(addDays(monday, 2), '08:00'), viewport);
      await page.goto(`/?tanggal=${monday}`);
      const main = page.getByRole('main');
      const timeline = (region: string) =>
        main.getByRole('region', { name: region }).getByRole('list', { name: `Linimasa ${formatIndonesianDate(monday)}` });
      await timeline('Motor PPTI 21').getByText('Rizky Maulana').waitFor();
      await timeline('Beat hitam').getByText('Siti Rahmawati').waitFor();
      const inactive = timeline('Motor tidak aktif');
      await inactive.getByText('Budi Santoso').waitFor();
      // That bike takes no booking: its lane offers no free time.
      expect(await inactive.getByRole('link').count()).toBe(0);

      const table = main.getByRole('table', { name: `Jadwal peminjaman ${formatIndonesianDate(monday)}` });
      await table.getByRole('columnheader', { name: 'Motor' }).waitFor();
      const rows = table.getByRole('row');
      await rows.filter({ hasText: 'Siti Rahmawati' }).getByRole('cell', { name: 'Beat hitam' }).waitFor();
      await rows.filter({ hasText: 'Rizky Maulana' }).getByRole('cell', { name: 'Motor PPTI 21' }).waitFor();
      await rows.filter({ hasText: 'Budi Santoso' }).getByRole('cell', { name: 'Motor tidak aktif' }).waitFor();

      const days = main.getByRole('list', { name: 'Pilih hari' }).getByRole('button');
      await expect.poll(() => days.filter({ hasText: 'Kamis' }).textContent()).toContain(', Tidak tersedia');
      expect(await days.filter({ hasText: 'Jumat' }).textContent()).not.toContain('Tidak tersedia');
      expect(await days.filter({ hasText: 'Jumat' }).textContent()).not.toContain('✕');

      expect(await horizontalOverflow(page)).toBe(0);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `bikes-names-2-day-${viewport === PHONE ? 'phone-360' : 'desktop'}`);
    });

    it(`at ${label}: the cancel page and its dialog name the bike; the admin's cancel and handover dialogs name it too`, async () => {
      const today = viewport === PHONE ? '2032-04-05' : '2032-04-12';
      const day = addDays(today, 1);
      setServerClock(today, '08:00');
      const token = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: day, start: '08:00', end: '10:00', motorId: 2 });

      const page = await pageAt(jakartaInstant(today, '08:00'), viewport);
      await page.goto(`/batal#${token}`);
      const main = page.getByRole('main');
      await main.getByText('Siti Rahmawati (PPTI 21)').waitFor();
      const details = main.getByRole('definition');
      expect(await details.allTextContents()).toContain('Beat hitam');
      expect(await main.getByRole('term').allTextContents()).toContain('Motor');
      await main.getByRole('button', { name: 'Batalkan peminjaman' }).click();
      const confirm = page.getByRole('dialog', { name: 'Batalkan Peminjaman' });
      await confirm.getByText('Motor: Beat hitam', { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `bikes-names-2-cancel-${viewport === PHONE ? 'phone-360' : 'desktop'}`);
      await confirm.getByRole('button', { name: 'Tidak' }).click();

      const admin = await pageAt(jakartaInstant(today, '08:05'), viewport);
      await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
      await admin.goto('/admin/peminjaman');
      const described = `Siti Rahmawati (PPTI 21), ${formatIndonesianDate(day)} 08:00–10:00, Motor: Beat hitam`;
      const row = admin.getByRole('row').filter({ hasText: 'Siti Rahmawati' });
      await row.getByRole('button', { name: `Batalkan: ${described}`, exact: true }).click();
      const cancel = admin.getByRole('dialog', { name: 'Batalkan peminjaman?' });
      await cancel.getByText(described, { exact: true }).waitFor();
      expect(await violations(admin)).toEqual([]);
      await cancel.getByRole('button', { name: 'Tidak', exact: true }).click();
      await row.getByRole('button', { name: `Catat serah terima: ${described}`, exact: true }).click();
      await admin.getByRole('dialog', { name: 'Catat serah terima' }).getByText(described, { exact: true }).waitFor();
    });
  }
});
