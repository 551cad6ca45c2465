import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { bookViaApi, handoverByApi } from './support/api';
import { violations } from './support/axe';
import {
  borrowForm,
  fieldError,
  horizontalOverflow,
  pastViewportEdge,
  type StoredBooking,
  signInAsAdmin,
  storeOnDevice,
} from './support/pages';
import { adminIdOf, execOnDatabase, openPage, type StudentApp, useStudentApp } from './support/student-app';

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

/** Both clocks to `time`: the server's at once, the page's far enough ahead for its minute refresh to run. */
async function moveClocks(page: Page, date: string, time: string): Promise<void> {
  const at = setServerClock(date, time);
  await page.clock.fastForward(at.getTime() - (await page.evaluate(() => Date.now())));
}

/** A page whose clock starts at `at` and whose device holds `stored` bookings, as after booking from it. */
async function pageAt(app: StudentApp, at: Date, viewport: { width: number; height: number }, stored: StoredBooking[] = []): Promise<Page> {
  const page = await openPage(app, { viewport, agreed: true });
  await page.clock.install({ time: at });
  await storeOnDevice(page, stored);
  return page;
}

const card = (page: Page) => page.getByRole('region', { name: 'Peminjaman kamu' });
const timeline = (page: Page) => page.getByRole('main').getByRole('list', { name: /^Linimasa/ });

describe('who really has the bike', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('at 360 px the card records a pickup and a return with fuel and note, and the freed rest of the slot can be booked from its link', async () => {
    const date = '2031-03-03';
    setServerClock(date, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '09:00', end: '11:00' });
    const page = await pageAt(app, setServerClock(date, '08:40'), PHONE, [
      { token, name: 'Budi Santoso', date, start: '09:00', end: '11:00' },
    ]);
    await page.goto(`/?tanggal=${date}`);

    const pickup = card(page).getByRole('button', { name: /^Saya sudah ambil motor/ });
    await pickup.click();
    const pickupDialog = page.getByRole('dialog', { name: 'Saya sudah ambil motor' });
    await pickupDialog.getByRole('group', { name: 'Sisa bensin' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await pickupDialog.getByRole('button', { name: 'Simpan' }).click();
    expect(await fieldError(pickupDialog.getByRole('group', { name: 'Sisa bensin' }))).toBe('Pilih sisa bensin');
    await pickupDialog.getByLabel('Penuh').check();
    await pickupDialog.getByRole('button', { name: 'Simpan' }).click();
    await card(page).getByRole('status').getByText('Pengambilan motor sudah dicatat.').waitFor();
    await card(page).getByText('Diambil jam 08:40').waitFor();
    expect(await pickup.count()).toBe(0);

    await moveClocks(page, date, '10:00');
    await card(page)
      .getByRole('button', { name: /^Saya sudah kembalikan motor/ })
      .click();
    const returnDialog = page.getByRole('dialog', { name: 'Saya sudah kembalikan motor' });
    const fuel = returnDialog.getByRole('group', { name: 'Sisa bensin' });
    await returnDialog.getByLabel('Catatan kondisi').fill('Spion kiri longgar');
    await returnDialog.getByLabel('Kilometer').fill('12000');
    await returnDialog.getByRole('button', { name: 'Simpan' }).click();
    expect(await fieldError(fuel)).toBe('Pilih sisa bensin');
    expect(await violations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'handover-return-dialog-phone');
    await returnDialog.getByLabel('1/2').check();
    await returnDialog.getByRole('button', { name: 'Simpan' }).click();
    await card(page).getByRole('status').getByText('Pengembalian motor sudah dicatat. Terima kasih!').waitFor();
    await card(page).getByText('Selesai', { exact: true }).waitFor();

    // The schedule reloads: the block ends at the return, and the hour it left is free to book
    // (3 hours offered: this device's bookings were put there by the test, no class remembered).
    const freed = timeline(page).getByRole('link', { name: 'Pinjam jam 10:00 - 13:00' });
    await freed.waitFor();
    expect(await timeline(page).getByText('09:00 - 10:00').count()).toBe(1);
    await freed.click();
    const form = borrowForm(page);
    await form.ready();
    expect([await form.date.inputValue(), await form.start.inputValue()]).toEqual([date, '10:00']);
    await form.fill({ name: 'Siti Rahmawati', end: '11:00', reason: 'kuliah' });
    await form.save.click();
    await form.successDialog.waitFor();
  });

  it('at 1280 px the card asks the server once per visit and again when the tab is shown, so the pickup button comes with its time', async () => {
    const date = '2031-03-07';
    setServerClock(date, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '09:00', end: '10:00' });
    const page = await pageAt(app, setServerClock(date, '08:00'), DESKTOP, [
      { token, name: 'Budi Santoso', date, start: '09:00', end: '10:00' },
    ]);
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/bookings/by-tokens')) lookups.push(request.method());
    });
    await page.goto(`/?tanggal=${date}`);
    await card(page).getByText('Dijadwalkan', { exact: true }).waitFor();
    expect(
      await card(page)
        .getByRole('button', { name: /^Saya sudah ambil motor/ })
        .count(),
    ).toBe(0);

    setServerClock(date, '08:35');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await card(page)
      .getByRole('button', { name: /^Saya sudah ambil motor/ })
      .waitFor();
    expect(lookups).toEqual(['POST', 'POST']);
  });

  it('on the private page at 1280 px: pickup, a kilometre error from the server under its field, then the return the other device recorded first', async () => {
    const date = '2031-03-04';
    setServerClock(date, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '13:00', end: '15:00', needStnk: 'ya' });
    execOnDatabase(app, 'UPDATE motorbike SET last_km = 20000 WHERE id = 1');
    const page = await pageAt(app, setServerClock(date, '12:45'), DESKTOP);
    await page.goto(`/batal#${token}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Saya sudah ambil motor' }).click();
    const pickupDialog = page.getByRole('dialog', { name: 'Saya sudah ambil motor' });
    await pickupDialog.getByLabel('3/4').check();
    await pickupDialog.getByRole('button', { name: 'Simpan' }).click();
    await main.getByText('Pengambilan motor sudah dicatat.').waitFor();
    expect(await violations(page)).toEqual([]);

    await moveClocks(page, date, '14:30');
    await main.getByRole('button', { name: 'Saya sudah kembalikan motor' }).click();
    const returnDialog = page.getByRole('dialog', { name: 'Saya sudah kembalikan motor' });
    await returnDialog.getByLabel('Penuh').check();
    await returnDialog.getByLabel('STNK sudah saya kembalikan').check();
    await returnDialog.getByLabel('Kilometer').fill('5');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings/handover'));
    await returnDialog.getByRole('button', { name: 'Simpan' }).click();
    expect((await answer).status()).toBe(400);
    expect(await fieldError(returnDialog.getByLabel('Kilometer'))).toBe('Kilometer tidak boleh lebih kecil dari 20.000 km');
    expect(await violations(page)).toEqual([]);

    // Another device (or the owner) records the return before this one is sent again.
    await handoverByApi(app, token, { event: 'return', fuel: '1/2' });
    await returnDialog.getByLabel('Kilometer').fill('');
    await returnDialog.getByRole('button', { name: 'Simpan' }).click();
    await main.getByRole('status').getByText('Sudah tercatat kembali jam 14:30 oleh peminjam.').waitFor();
    await main.getByText('Selesai', { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: 'Saya sudah kembalikan motor' }).count()).toBe(0);
  });

  it('at 360 px a loan out reads Sedang dipakai, then Terlambat with the status line saying so, and the next borrower’s card warns', async () => {
    const date = '2031-03-05';
    setServerClock(date, '07:00');
    const late = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '10:00' });
    const next = await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '11:00', end: '12:00' });
    setServerClock(date, '09:00');
    await handoverByApi(app, late, { event: 'pickup', fuel: 'Penuh' });

    const page = await pageAt(app, setServerClock(date, '09:30'), PHONE);
    await page.goto('/');
    const block = timeline(page).getByRole('listitem').filter({ hasText: 'Rizky Maulana' });
    await block.getByText('Sedang dipakai', { exact: true }).waitFor();

    await moveClocks(page, date, '10:25');
    await block.getByText('Terlambat 25 menit', { exact: true }).waitFor();
    await page.getByRole('main').getByText('Motor belum dikembalikan Rizky Maulana (terlambat 25 menit).', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'handover-late-phone');

    const nextBorrower = await pageAt(app, jakartaInstant(date, '10:25'), PHONE, [
      { token: next, name: 'Budi Santoso', date, start: '11:00', end: '12:00' },
    ]);
    await nextBorrower.goto('/');
    await card(nextBorrower).getByText('Motor belum kembali dari peminjam sebelumnya.').waitFor();
    expect(await violations(nextBorrower)).toEqual([]);
    // A loan left out would refuse the next tests' bookings within 3 hours of their clock.
    await handoverByApi(app, late, { event: 'return', fuel: 'Penuh' });
  });

  it('at 360 px with the root font size doubled, the card, its return form, the private page and the Motor tab scroll no page sideways', async () => {
    const date = '2031-03-10';
    setServerClock(date, '07:00');
    const token = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '09:00', end: '11:00' });
    setServerClock(date, '09:00');
    await handoverByApi(app, token, { event: 'pickup', fuel: 'Penuh' });
    const page = await pageAt(app, setServerClock(date, '09:30'), PHONE, [
      { token, name: 'Siti Rahmawati', date, start: '09:00', end: '11:00' },
    ]);
    // Through the CSSOM, which the page's CSP allows (a style element it does not): Android's largest text.
    const largeText = () => page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));

    await page.goto(`/?tanggal=${date}`);
    const returnButton = card(page).getByRole('button', { name: /^Saya sudah kembalikan motor/ });
    await returnButton.waitFor();
    await largeText();
    // Only the new card is held here: the week strip and the day buttons above it overflow at this
    // size already, which issue 28 (large text) fixes.
    expect(await pastViewportEdge(card(page))).toEqual([]);
    await returnButton.click();
    const dialog = page.getByRole('dialog', { name: 'Saya sudah kembalikan motor' });
    await dialog.getByRole('group', { name: 'Sisa bensin' }).waitFor();
    expect(await pastViewportEdge(dialog)).toEqual([]);

    await page.goto(`/batal#${token}`);
    await page.getByRole('button', { name: /^Saya sudah kembalikan motor/ }).waitFor();
    await largeText();
    expect(await horizontalOverflow(page)).toBe(0);

    await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
    await page.goto('/admin/motor');
    await page.getByLabel('Nomor polisi').waitFor();
    await largeText();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  it('admin at 1280 px: the Terlambat filter, recording a late return, then the Motor tab (also at 360 px) edits the bike and lists the loan', async () => {
    const date = '2031-03-06';
    setServerClock(date, '07:00');
    const earlier = await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '07:30', end: '08:00' });
    const late = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '10:00' });
    await bookViaApi(app.baseUrl, { name: 'Budi Santoso', date, start: '16:00', end: '17:00' });
    setServerClock(date, '07:30');
    await handoverByApi(app, earlier, { event: 'pickup', fuel: 'Penuh' });
    setServerClock(date, '07:55');
    await handoverByApi(app, earlier, { event: 'return', fuel: '3/4', km: 20_100 });
    setServerClock(date, '09:00');
    await handoverByApi(app, late, { event: 'pickup', fuel: '3/4' });
    setServerClock(date, '10:30');

    const page = await openPage(app, { viewport: DESKTOP });
    await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
    await page.goto('/admin/peminjaman');
    const rows = page.getByRole('region', { name: 'Daftar peminjaman' }).getByRole('row');
    const rizky = rows.filter({ hasText: 'Rizky Maulana' });
    await rizky.getByRole('cell', { name: 'Terlambat 30 menit' }).waitFor();
    expect(await rizky.getByRole('cell', { name: '09:00 oleh peminjam' }).count()).toBe(1);
    // Picked up or back, a loan cannot be cancelled (0050): only the one still booked offers Batalkan.
    // Another test of this file books Budi on the next day too: the button names its booking.
    await rows
      .filter({ hasText: 'Budi Santoso' })
      .getByRole('button', { name: /^Batalkan: Budi Santoso \(PPTI 21\), Kamis, 6 Maret 2031 16:00/ })
      .waitFor();
    expect(await rizky.getByRole('button', { name: /^Batalkan: / }).count()).toBe(0);
    expect(
      await rows
        .filter({ hasText: 'Siti Rahmawati' })
        .getByRole('button', { name: /^Batalkan: / })
        .count(),
    ).toBe(0);

    const filtered = page.waitForResponse(
      (response) => response.url().includes('/api/admin/bookings?') && response.url().includes('state=late'),
    );
    await page.getByLabel('Terlambat', { exact: true }).check();
    await filtered;
    await rows.filter({ hasText: 'Rizky Maulana' }).waitFor();
    expect(await rows.filter({ hasText: 'Budi Santoso' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    await rizky.getByRole('button', { name: /^Catat serah terima/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Catat serah terima' });
    const time = dialog.getByLabel('Jam');
    await time.waitFor();
    expect(await dialog.getByLabel('Kembali').isChecked()).toBe(true);
    expect([await dialog.getByLabel('Tanggal').inputValue(), await time.inputValue()]).toEqual([date, '10:30']);
    await time.fill('10:20');
    await dialog.getByLabel('Hampir habis').check();
    await dialog.getByLabel('Kilometer').fill('20500');
    await dialog.getByLabel('Catatan kondisi').fill('Rem belakang bunyi');
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('status').getByText('Kembali: Rizky Maulana sudah dicatat.').waitFor();
    await page.getByText('Tidak ada peminjaman yang terlambat pada rentang tanggal ini.').waitFor();

    await page.getByLabel('Terlambat', { exact: true }).uncheck();
    await rizky.getByRole('cell', { name: '10:20 oleh admin Admin Uji' }).waitFor();
    expect(await rizky.getByRole('cell', { name: 'Selesai', exact: true }).count()).toBe(1);
    expect(await rizky.getByRole('button', { name: /^Batalkan: / }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Motor' }).click();
    const name = page.getByLabel('Nama motor');
    await name.waitFor();
    expect([await name.inputValue(), await page.getByLabel('Kilometer terakhir').inputValue()]).toEqual(['Motor PPTI 21', '20500']);
    const loans = page.getByRole('region', { name: 'Riwayat peminjaman motor' }).getByRole('row');
    const loan = loans.filter({ hasText: 'Rizky Maulana' }).filter({ hasText: '6 Maret 2031' });
    expect(await loan.getByRole('cell').allTextContents()).toEqual([
      'Rizky Maulana (PPTI 22)',
      'Kamis, 6 Maret 2031 09:00',
      '09:00 oleh peminjam',
      '10:20 oleh admin Admin Uji',
      '400',
      '3/4',
      'Hampir habis',
      'Rem belakang bunyi',
      'Tandai tidak tersedia',
    ]);
    await name.fill('Motor Beat PPTI 21');
    await page.getByLabel('Nomor polisi').fill('B 1234 XYZ');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('status').getByText('Data motor sudah disimpan.').waitFor();
    expect(await violations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByLabel('Nomor polisi').waitFor();
    expect([await name.inputValue(), await page.getByLabel('Nomor polisi').inputValue()]).toEqual(['Motor Beat PPTI 21', 'B 1234 XYZ']);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'handover-admin-motor-phone');
  });
});
