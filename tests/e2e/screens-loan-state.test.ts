import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import { horizontalOverflow, storeOnDevice } from './support/pages';
import { adminIdOf, openPage, type StudentApp, useStudentApp } from './support/student-app';

// The server reads "now" from this file (APP_CLOCK_FILE) on every request; the page's clock is moved with it.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, '');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

function setServerClock(date: string, time: string): Date {
  const at = jakartaInstant(date, time);
  writeFileSync(clockFile, at.toISOString());
  return at;
}

async function moveClocks(page: Page, date: string, time: string): Promise<void> {
  const at = setServerClock(date, time);
  await page.clock.fastForward(at.getTime() - (await page.evaluate(() => Date.now())));
}

const card = (page: Page) => page.getByRole('region', { name: 'Peminjaman kamu' });
const timeline = (page: Page) => page.getByRole('main').getByRole('list', { name: /^Linimasa/ });
const block = (page: Page, time: string) => timeline(page).getByRole('listitem').filter({ hasText: time });

/** The admin's release of a no-show, through the console's API, at `time` on `date`. */
async function releaseByAdmin(app: StudentApp, date: string, start: string, time: string): Promise<void> {
  const admin = adminClient(app.baseUrl, await loginCookie(app.baseUrl, { name: 'Admin Uji', id: adminIdOf(app) } as User));
  const listed = (await admin.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings as { ref: string; start: string }[];
  const ref = listed.find((booking) => booking.start === start)?.ref;
  const released = await admin.post(`/api/admin/bookings/${ref}/handover`, { event: 'release', date, time });
  expect(released.status, JSON.stringify(released.body)).toBe(200);
}

describe('the screens follow the loan’s state, at 360 px', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('after a pickup at 14:48 for 15:00-17:00: the bike is out, no Batalkan, blocks by state, the day opens at now; then the late line, on the card and on /batal', async () => {
    const date = '2031-05-06';
    setServerClock('2031-05-05', '20:00');
    // A busy morning: the day does not fit the box at 360 px.
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '00:30', end: '02:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '04:00', end: '05:30' });
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '07:30', end: '09:00' });
    const dewi = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '10:00', end: '11:00' });
    const budi = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '15:00', end: '17:00' });
    setServerClock(date, '08:10');
    await releaseByAdmin(app, date, '07:30', '08:03');
    setServerClock(date, '09:55');
    await handoverByApi(app, dewi, { event: 'pickup', fuel: 'Penuh' });
    setServerClock(date, '10:40');
    await handoverByApi(app, dewi, { event: 'return', fuel: 'Penuh' });
    setServerClock(date, '14:48');
    await handoverByApi(app, budi, { event: 'pickup', fuel: 'Penuh' });

    const page = await openPage(app, { viewport: PHONE, agreed: true });
    await page.clock.install({ time: setServerClock(date, '14:48') });
    await storeOnDevice(page, [{ token: budi, name: 'Budi Santoso', date, start: '15:00', end: '17:00' }]);
    await page.goto('/');

    await page.getByText('Motor sedang dipakai Budi Santoso (PPTI 21) sampai 17:00').waitFor();
    expect(await page.getByText('Motor tersedia sekarang').count()).toBe(0);
    await card(page).getByText('Sedang dipakai', { exact: true }).waitFor();
    expect(
      await card(page)
        .getByRole('button', { name: /^Batalkan/ })
        .count(),
    ).toBe(0);

    expect(await block(page, '07:30 - 08:03').getByText('Tidak diambil', { exact: true }).count()).toBe(1);
    expect(await block(page, '07:30 - 08:03').getByText('Dipakai', { exact: true }).count()).toBe(0);
    expect(await block(page, '10:00 - 10:40').getByText('Selesai', { exact: true }).count()).toBe(1);
    expect(await block(page, '15:00 - 17:00').getByText('Sedang dipakai', { exact: true }).count()).toBe(1);

    // Opened at now's block (the time before the 15:00 start, 10:40 onwards), not at 00:00: at the box's top,
    // or as far down as the box scrolls.
    const box = timeline(page);
    const scrolled = await box.evaluate((element) => ({ top: element.scrollTop, max: element.scrollHeight - element.clientHeight }));
    const nowOffset = await block(page, '10:40')
      .last()
      .evaluate((element) => (element as HTMLElement).offsetTop);
    expect(scrolled.max).toBeGreaterThan(0);
    expect(scrolled.top).toBe(Math.min(nowOffset, scrolled.max));
    expect(await block(page, '10:40').last().isVisible()).toBe(true);
    await block(page, '00:30 - 02:00').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'screens-status-after-early-pickup-phone');

    await moveClocks(page, date, '17:25');
    // The test's server clock stands still between moves: the card asks it again, as when the tab is shown again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await card(page).getByText('Terlambat 25 menit · denda sejauh ini Rp10.000').waitFor();
    await card(page).getByText('Denda dihitung per jam yang dimulai, kalau terlambat lebih dari 10 menit.').waitFor();
    await page.getByText('Motor belum dikembalikan Budi Santoso (terlambat 25 menit).').waitFor();
    await block(page, '15:00 - 17:00').getByText('Terlambat 25 menit', { exact: true }).waitFor();
    // Without asking again, the card's clock moves on by itself: a second started hour, a second Rp10.000.
    await page.clock.fastForward(40 * 60_000);
    await card(page)
      .getByText(/^Terlambat 6[45] menit · denda sejauh ini Rp20\.000$/)
      .waitFor();
    expect(await violations(page)).toEqual([]);

    // The booking's private page says the same, by the server's clock.
    await page.goto(`/batal#${budi}`);
    await page.getByRole('main').getByText('Terlambat 25 menit · denda sejauh ini Rp10.000').waitFor();
    await page.getByRole('main').getByText('Denda dihitung per jam yang dimulai, kalau terlambat lebih dari 10 menit.').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
