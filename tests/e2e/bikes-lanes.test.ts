import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm, fieldError, horizontalOverflow } from './support/pages';
import { adminIdOf, execOnDatabase, openPage, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request; each test writes its instant.
const clockFile = join(mkdtempSync(join(tmpdir(), 'pinjam-clock-')), 'now');
writeFileSync(clockFile, '');

function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

/** A page whose own clock starts at the server's instant. */
async function pageAt(app: Parameters<typeof openPage>[0], at: Date, viewport: { width: number; height: number }, agreed = false) {
  const page = await openPage(app, { viewport, agreed });
  await page.clock.install({ time: at });
  return page;
}

const lane = (page: Page, bike: string, day: string) =>
  page
    .getByRole('main')
    .getByRole('region', { name: bike })
    .getByRole('list', { name: `Linimasa ${day}` });

describe('/ and the form with two active bikes', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });
  beforeAll(() => {
    execOnDatabase(app, "INSERT INTO motorbike (id, name, plate, sort_order) VALUES (2, 'Beat hitam', 'B 1234 XY', 2)");
  });

  for (const [viewport, label] of [
    [PHONE, '360 px'],
    [DESKTOP, 'a desktop'],
  ] as const) {
    it(`at ${label}: a status line and a lane per bike, and the week strip taken only where both bikes are`, async () => {
      const monday = viewport === PHONE ? '2031-09-01' : '2031-09-08';
      const wednesday = viewport === PHONE ? '2031-09-03' : '2031-09-10';
      setServerClock(monday, '07:00');
      await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: monday, start: '09:00', end: '11:00', motorId: 1 });
      await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: monday, start: '13:00', end: '15:00', motorId: 2 });
      await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: wednesday, start: '08:00', end: '10:00', motorId: 1 });
      await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: wednesday, start: '09:00', end: '10:00', motorId: 2 });

      const page = await pageAt(app, setServerClock(monday, '10:30'), viewport);
      await page.goto('/');
      const main = page.getByRole('main');
      await main.getByText('Motor PPTI 21: sedang dipakai Budi Santoso (PPTI 21) sampai 11:00', { exact: true }).waitFor();
      await main.getByText('Beat hitam: tersedia sekarang sampai 13:00', { exact: true }).waitFor();
      expect(await main.getByText(/^Motor (sedang dipakai|tersedia sekarang)/).count()).toBe(0);

      const dayName = monday === '2031-09-01' ? 'Senin, 1 September 2031' : 'Senin, 8 September 2031';
      const first = lane(page, 'Motor PPTI 21', dayName);
      const beat = lane(page, 'Beat hitam', dayName);
      await first.getByText('Budi Santoso').waitFor();
      await beat.getByText('Siti Rahmawati').waitFor();
      // A free gap opens the form on its lane's bike.
      expect(await beat.getByRole('link', { name: 'Pinjam jam 10:30 - 13:00' }).getAttribute('href')).toMatch(/&motor=2$/);
      expect(await first.getByText('Siti Rahmawati').count()).toBe(0);
      expect(await beat.getByText('Budi Santoso').count()).toBe(0);
      const [firstBox, beatBox] = [present(await first.boundingBox(), 'lane'), present(await beat.boundingBox(), 'lane')];
      // Side by side on a desktop, one under the other on a phone.
      if (viewport === PHONE) expect(beatBox.y).toBeGreaterThan(firstBox.y + firstBox.height - 1);
      else expect(beatBox.y).toBe(firstBox.y);

      const days = main.getByRole('list', { name: 'Pilih hari' }).getByRole('button');
      expect(await days.filter({ hasText: 'Senin' }).textContent()).toContain(', selalu ada motor yang tersedia');
      expect(await days.filter({ hasText: 'Rabu' }).textContent()).toContain(', semua motor terpakai 1 jam');
      expect(await days.filter({ hasText: 'Selasa' }).textContent()).toContain(', belum ada peminjaman');

      expect(await horizontalOverflow(page)).toBe(0);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `bikes-lanes-${viewport === PHONE ? 'phone-360' : 'desktop'}`);
    });
  }

  it('at 360 px: a late loan holds back only its own bike’s free time, and its status line says it is late', async () => {
    const day = '2031-09-29';
    setServerClock(day, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date: day, start: '08:00', end: '09:00', motorId: 1 });
    setServerClock(day, '07:50');
    await handoverByApi(app, token, { event: 'pickup' });
    const page = await pageAt(app, setServerClock(day, '09:30'), PHONE);
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByText('Motor PPTI 21: belum dikembalikan Budi Santoso (terlambat 30 menit).', { exact: true }).waitFor();
    await main.getByText('Beat hitam: tersedia sekarang sepanjang hari ini', { exact: true }).waitFor();
    await lane(page, 'Beat hitam', 'Senin, 29 September 2031').getByText('Kosong 09:30 - 24:00').waitFor();
    await lane(page, 'Motor PPTI 21', 'Senin, 29 September 2031').getByText('Kosong 12:30 - 24:00').waitFor();
  });

  it('at 360 px: a Tidak tersedia period on one bike says itself on that bike’s status line and lane only', async () => {
    const day = '2031-10-06';
    setServerClock(day, '07:00');
    const login = await fetch(`${app.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ name: 'Admin Uji', code: adminIdOf(app) }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const period = { fromDate: day, fromTime: '07:00', untilDate: day, untilTime: '12:00', reason: 'Ban bocor', motorId: 2 };
    const created = await fetch(`${app.baseUrl}/api/admin/out-of-service`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ period, decision: 'keep' }),
    });
    expect(created.status).toBe(201);

    const page = await pageAt(app, setServerClock(day, '08:00'), PHONE);
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByText(/^Beat hitam: tidak tersedia \(Ban bocor\)/).waitFor();
    // The first bike's line says whatever it is doing (the late loan of the test before is still out), never the period.
    const first = main.getByText(/^Motor PPTI 21: /);
    await first.waitFor();
    expect(await first.innerText()).not.toContain('Ban bocor');
    await lane(page, 'Beat hitam', 'Senin, 6 Oktober 2031').getByText('Tidak tersedia: Ban bocor').waitFor();
    expect(await lane(page, 'Motor PPTI 21', 'Senin, 6 Oktober 2031').getByText('Tidak tersedia: Ban bocor').count()).toBe(0);
  });

  for (const [viewport, label, today, date] of [
    [PHONE, '360 px', '2031-09-15', '2031-09-16'],
    [DESKTOP, 'a desktop', '2031-09-22', '2031-09-23'],
  ] as const) {
    it(`at ${label}: the form’s Motor books a named bike or Motor mana saja, and the dialog and the card name the bike`, async () => {
      const page = await pageAt(app, setServerClock(today, '08:00'), viewport, true);
      const form = borrowForm(page);
      await page.goto(`/form?tanggal=${date}&motor=2`);
      await form.ready();
      const motor = page.getByRole('main').getByLabel('Motor', { exact: true });
      expect(await motor.locator('option').allTextContents()).toEqual(['Motor mana saja', 'Motor PPTI 21', 'Beat hitam']);
      expect(await motor.inputValue()).toBe('2');
      expect(await violations(page)).toEqual([]);

      await form.fill({ name: 'Budi Santoso', date, start: '08:00', end: '10:00', reason: 'kuliah pagi', needStnk: 'tidak' });
      await motor.selectOption({ label: 'Beat hitam' });
      await form.save.click();
      await form.successDialog.getByText('Motor: Beat hitam', { exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await form.successDialog.getByRole('button', { name: 'Lanjut' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const card = page.getByRole('region', { name: 'Peminjaman kamu' });
      await card.getByText('Motor: Beat hitam', { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);

      // Motor mana saja: the Beat is taken at that time, so the first free bike in the Motor tab's order.
      await page.goto('/form');
      await form.ready();
      expect(await motor.inputValue()).toBe('');
      await form.fill({ name: 'Siti Rahmawati', date, start: '08:00', end: '10:00', reason: 'kuliah pagi', needStnk: 'tidak' });
      await form.save.click();
      await form.successDialog.getByText('Motor: Motor PPTI 21', { exact: true }).waitFor();
      await form.successDialog.getByRole('button', { name: 'Lanjut' }).click();
      await card.getByText('Motor: Motor PPTI 21', { exact: true }).waitFor();
      await card.getByText('Motor: Beat hitam', { exact: true }).waitFor();

      // Both bikes taken: the clash the server would name, on the first bike, at Jam Mulai.
      await page.goto('/form');
      await form.ready();
      await form.fill({ name: 'Rizky Maulana', date, start: '09:00', end: '10:00', reason: 'kuliah', needStnk: 'tidak' });
      await form.save.click();
      expect(await fieldError(form.start)).toBe('Bentrok dengan jadwal lain (08:00 - 10:00)');
      expect(await form.successDialog.isVisible()).toBe(false);
    });
  }
});
