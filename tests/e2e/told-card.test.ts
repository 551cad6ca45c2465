import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../helpers/browser';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { borrowForm, storeOnDevice } from './support/pages';
import { adminIdOf, openPage, type StudentApp, useStudentApp } from './support/student-app';

// The server's clock (APP_CLOCK_FILE): 08:00 in Jakarta on TODAY.
const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
const TODAY = '2026-12-01';
writeFileSync(clockFile, new Date(`${TODAY}T08:00:00+07:00`).toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

async function adminPost(app: StudentApp, cookie: string, path: string, body: unknown) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { period: { ref: string } } };
}

async function adminCookie(app: StudentApp): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ name: 'Admin Uji', code: adminIdOf(app) }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const item = (page: Page, span: string) =>
  page.getByRole('region', { name: 'Peminjaman kamu' }).getByRole('listitem').filter({ hasText: span });

describe('the card tells the borrower what was decided about their booking, at 360 px', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile } });

  it('names the booking a period left standing, and offers a booking cancelled for the workshop again with Pesan lagi', async () => {
    const date = '2026-12-02';
    const stored = [
      { name: 'Budi Santoso', date, start: '15:00', end: '16:00' },
      { name: 'Budi Santoso', date, start: '17:00', end: '18:00' },
    ];
    const tokens: string[] = [];
    for (const booking of stored) tokens.push(await bookViaApi(app.baseUrl, booking));
    const cookie = await adminCookie(app);
    const period = (from: string, until: string, reason: string) => ({
      fromDate: date,
      fromTime: from,
      untilDate: date,
      untilTime: until,
      reason,
    });
    const servis = await adminPost(app, cookie, '/api/admin/out-of-service', {
      period: period('14:30', '16:30', 'Servis'),
      decision: 'cancel',
    });
    expect(servis.status).toBe(201);
    const ban = await adminPost(app, cookie, '/api/admin/out-of-service', {
      period: period('16:30', '18:30', 'Ban bocor'),
      decision: 'keep',
    });
    expect(ban.status).toBe(201);
    expect((await adminPost(app, cookie, `/api/admin/out-of-service/${servis.body.period.ref}/end`, {})).status).toBe(200);

    const page = await openPage(app, { viewport: PHONE, agreed: true });
    await storeOnDevice(
      page,
      stored.map((booking, index) => ({ ...booking, token: tokens[index] ?? '' })),
    );
    await page.goto(`/?tanggal=${date}`);
    await item(page, '17:00 - 18:00')
      .getByText('Motor mungkin belum bisa dipakai untuk peminjamanmu Rabu, 2 Desember 2026 17:00-18:00: Ban bocor.')
      .waitFor();
    const cancelled = item(page, '15:00 - 16:00');
    await cancelled.getByText('Motor sudah siap dan jadwal ini masih kosong.').waitFor();
    const again = cancelled.getByRole('link', { name: 'Pesan lagi' });
    expect(await again.getAttribute('href')).toBe(`/form?tanggal=${date}&mulai=15:00&selesai=16:00`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'told-card-360');

    await again.click();
    const form = borrowForm(page);
    await form.ready();
    expect([await form.date.inputValue(), await form.start.inputValue(), await form.end.inputValue()]).toEqual([date, '15:00', '16:00']);
  });
});
