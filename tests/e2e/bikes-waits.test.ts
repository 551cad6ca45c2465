import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeMessages } from '../../src/domain/motor/bike-messages';
import { bookingFieldLabels } from '../../src/domain/schemas/booking-requests';
import { messages } from '../../src/domain/text/messages';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import { waitingListMessages } from '../../src/domain/waiting-list/waiting-list-messages';
import { DESKTOP, PHONE } from '../helpers/browser';
import { waitUntil } from '../helpers/wait-until';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { fieldError, horizontalOverflow, signInAsAdmin, storeOnDevice } from './support/pages';
import { adminIdOf, execOnDatabase, openPage, type StudentApp, useStudentApp } from './support/student-app';

const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const DATE = '2026-12-03';
const OWN = { name: 'Budi Santoso', date: DATE, start: '07:00', end: '08:00' };
const waitDialog = (page: Page) => page.getByRole('dialog', { name: waitingListMessages.title });
const lane = (page: Page, bike: string) =>
  page
    .getByRole('main')
    .getByRole('region', { name: bike })
    .getByRole('list', { name: /^Linimasa/ });
const setActive = (app: StudentApp, active: boolean) => execOnDatabase(app, `UPDATE motorbike SET active = ${active ? 1 : 0} WHERE id = 2`);

describe('Kabari saya kalau kosong with two bikes', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile }, telegram: true });
  let deviceSecret = '';
  let token = '';

  beforeAll(async () => {
    execOnDatabase(app, "INSERT INTO motorbike (id, name, plate, sort_order) VALUES (2, 'Vario merah', 'B 1234 XY', 2)");
    token = await bookViaApi(app.baseUrl, { ...OWN, motorId: 1 });
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date: DATE, start: '10:00', end: '12:00', motorId: 1 });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: DATE, start: '10:00', end: '12:00', motorId: 2 });
    deviceSecret = randomBytes(32).toString('base64url');
    const response = await fetch(`${app.baseUrl}/api/telegram/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret, tokens: [token] }),
    });
    const { url } = (await response.json()) as { url: string };
    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${new URL(url).searchParams.get('start')}`, '7501'));
    await waitUntil('the bot links the chat', () => app.telegram.delivered.some((message) => String(message.chatId) === '7501'));
  });

  async function openDialog(page: Page, bike = 'Motor PPTI 21') {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/waits/device'));
    await page.goto(`/?tanggal=${DATE}`);
    await lane(page, bike)
      .getByRole('button', { name: `${messages.borrowerChat.waitButton} 10:00 - 12:00`, exact: true })
      .click();
    await answered;
    return waitDialog(page);
  }

  it('at 360 px: the form has Motor, Motor mana saja first; a bike switched off is refused at Motor; each wait is listed with its bike; axe clean', async () => {
    const page = await openPage(app, { agreed: true, viewport: PHONE });
    await storeOnDevice(page, [{ token, ...OWN }], deviceSecret);
    const dialog = await openDialog(page);
    const motor = dialog.getByLabel(bookingFieldLabels.motorId, { exact: true });
    await motor.waitFor();
    expect(await motor.locator('option').allTextContents()).toEqual([bikeMessages.anyBike, 'Motor PPTI 21', 'Vario merah']);
    // The lane's bike is chosen: Motor mana saja would be refused while the other bike is free at that time.
    expect(await motor.inputValue()).toBe('1');
    await dialog.getByLabel(bookingFieldLabels.reason, { exact: true }).fill('kuliah lapangan');
    await motor.selectOption({ label: 'Vario merah' });
    setActive(app, false);
    try {
      await dialog.getByRole('button', { name: waitingListMessages.submit }).click();
      expect(await fieldError(motor)).toBe(bikeMessages.bikeUnavailable);
    } finally {
      setActive(app, true);
    }
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await dialog.getByRole('button', { name: waitingListMessages.submit }).click();
    const saved = waitingListMessages.saved(formatIndonesianDate(DATE), '10:00', '12:00');
    await dialog.getByRole('status').filter({ hasText: saved }).waitFor();
    const listed = `${formatIndonesianDate(DATE)}, 10:00 - 12:00 (Budi Santoso)`;
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([`${listed} · Motor: Vario merah`]);

    const again = await openDialog(page);
    await again.getByLabel(bookingFieldLabels.reason, { exact: true }).fill('kuliah lapangan');
    await again.getByLabel(bookingFieldLabels.motorId, { exact: true }).selectOption({ label: bikeMessages.anyBike });
    await again.getByRole('button', { name: waitingListMessages.submit }).click();
    await again.getByRole('status').filter({ hasText: saved }).waitFor();
    expect(await again.getByRole('listitem').allTextContents()).toEqual([
      `${listed} · Motor: Vario merah`,
      `${listed} · ${bikeMessages.anyBike}`,
    ]);
    expect(await violations(page)).toEqual([]);
  });

  it('the second bike’s lane has its own button, and its form waits for that bike', async () => {
    const page = await openPage(app, { agreed: true, viewport: PHONE });
    await storeOnDevice(page, [{ token, ...OWN }], deviceSecret);
    const dialog = await openDialog(page, 'Vario merah');
    const motor = dialog.getByLabel(bookingFieldLabels.motorId, { exact: true });
    await motor.waitFor();
    expect(await motor.inputValue()).toBe('2');
  });

  it('on a desktop: the admin’s holds and waits name the bike waited for, or Motor mana saja', async () => {
    const page = await openPage(app, { viewport: DESKTOP });
    await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
    await page.goto('/admin/peminjaman');
    const panel = page.getByRole('region', { name: 'Tawaran dan antrean' });
    const what = `Budi Santoso, ${formatIndonesianDate(DATE)} 10:00-12:00`;
    await panel.getByText(`${what} · Motor: Vario merah`, { exact: true }).waitFor();
    await panel.getByText(`${what} · ${bikeMessages.anyBike}`, { exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: `Akhiri tawaran: ${what} · Motor: Vario merah` }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
  });
});
