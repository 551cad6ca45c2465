import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { bookingFieldLabels } from '../../src/domain/schemas/booking-requests';
import { messages } from '../../src/domain/text/messages';
import { formatIndonesianDate } from '../../src/domain/time/clock';
import { waitingListMessages } from '../../src/domain/waiting-list/waiting-list-messages';
import { PHONE } from '../helpers/browser';
import { waitUntil } from '../helpers/wait-until';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { deepLinkOpenedBy } from './support/deep-link';
import { fieldError, hasNoError, pastViewportEdge, type StoredBooking, storeOnDevice } from './support/pages';
import { openPage, type StudentApp, useStudentApp } from './support/student-app';

const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

/** A phone at 360 px whose `Peminjaman kamu` card holds `stored`, as after booking from it, and that keeps `deviceSecret` if given. */
async function phoneWith(app: StudentApp, stored: StoredBooking[], deviceSecret?: string): Promise<Page> {
  const page = await openPage(app, { agreed: true, viewport: PHONE });
  await storeOnDevice(page, stored, deviceSecret);
  return page;
}

const timeline = (page: Page) => page.getByRole('main').getByRole('list', { name: /^Linimasa/ });
const waitButton = (page: Page, start: string, end: string) =>
  timeline(page).getByRole('button', { name: `${messages.borrowerChat.waitButton} ${start} - ${end}`, exact: true });
const waitDialog = (page: Page) => page.getByRole('dialog', { name: waitingListMessages.title });

// Through the CSSOM, which the page's CSP allows (a style element it does not): Android's largest text.
const largeText = (page: Page) => page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));

describe('Kabari saya kalau kosong', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile }, telegram: true });

  /** A device secret whose chat `chatId` is linked through the bot, as the link button and `/start` would. */
  async function linkedDevice(token: string, chatId: string): Promise<string> {
    const deviceSecret = randomBytes(32).toString('base64url');
    const response = await fetch(`${app.baseUrl}/api/telegram/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret, tokens: [token] }),
    });
    const { url } = (await response.json()) as { url: string };
    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${new URL(url).searchParams.get('start')}`, chatId));
    await waitUntil('the bot links the chat', () => app.telegram.delivered.some((message) => String(message.chatId) === chatId));
    return deviceSecret;
  }

  async function waitViaApi(deviceSecret: string, span: { date: string; start: string; end: string }): Promise<void> {
    const response = await fetch(`${app.baseUrl}/api/waits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret, name: 'Siti Rahmawati', reason: 'kuliah', ...span }),
    });
    if (response.status !== 201) throw new Error(`wait refused: ${response.status} ${await response.text()}`);
  }

  it('without a linked chat, a booked block not over yet offers the link first, which opens the bot with a code; at 360 px with large text; axe clean', async () => {
    const date = '2026-12-02';
    const own = { name: 'Budi Santoso', date, start: '08:00', end: '09:00' };
    const token = await bookViaApi(app.baseUrl, own);
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '10:00', end: '12:00' });
    const page = await phoneWith(app, [{ token, ...own }]);

    await page.goto(`/?tanggal=${date}`);
    // One button per booked block, each named with its hours.
    await waitButton(page, '08:00', '09:00').waitFor();
    const button = waitButton(page, '10:00', '12:00');
    await largeText(page);
    expect(await pastViewportEdge(timeline(page))).toEqual([]);
    await button.click();
    const dialog = waitDialog(page);
    await dialog.getByText(waitingListMessages.needsLink).waitFor();
    expect(await dialog.getByText(waitingListMessages.intro).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: waitingListMessages.submit }).count()).toBe(0);
    expect(await pastViewportEdge(dialog)).toEqual([]);
    expect(await violations(page)).toEqual([]);

    const url = await deepLinkOpenedBy(page, () => dialog.getByRole('button', { name: messages.borrowerChat.linkButton }).click());
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${app.telegram.botUsername}`);
    expect(url.searchParams.get('start') ?? '').toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The device is known now, its chat still not linked: the server says so, and the link comes first again.
    await page.goto(`/?tanggal=${date}`);
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/waits/device'));
    await button.click();
    expect(await (await asked).json()).toEqual({ linked: false, waits: [], taken: [] });
    await waitDialog(page).getByRole('button', { name: messages.borrowerChat.linkButton }).waitFor();
  });

  it('a block over already offers nothing, a running one does; a phone that never booked is told to book first', async () => {
    const date = '2026-12-01';
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '08:15', end: '09:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '09:00', end: '10:00' });
    writeFileSync(clockFile, new Date(`${date}T09:30:00+07:00`).toISOString());
    try {
      const page = await phoneWith(app, []);
      await page.goto(`/?tanggal=${date}`);
      const running = waitButton(page, '09:00', '10:00');
      await running.waitFor();
      expect(await timeline(page).getByRole('button', { name: messages.borrowerChat.waitButton }).count()).toBe(1);
      await running.click();
      const dialog = waitDialog(page);
      await dialog.getByText(waitingListMessages.needsBooking).waitFor();
      expect(await dialog.getByRole('button', { name: messages.borrowerChat.linkButton }).count()).toBe(0);
    } finally {
      writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
    }
  });

  it('with a linked chat: the span is prefilled from the block, a rule shows at its field, and the saved wait is listed; axe clean', async () => {
    const date = '2026-12-04';
    const own = { name: 'Budi Santoso', date, start: '07:00', end: '08:00' };
    const token = await bookViaApi(app.baseUrl, own);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '10:00', end: '12:00' });
    const page = await phoneWith(app, [{ token, ...own }]);

    await page.goto(`/?tanggal=${date}`);
    await waitButton(page, '10:00', '12:00').click();
    const linkButton = waitDialog(page).getByRole('button', { name: messages.borrowerChat.linkButton });
    const url = await deepLinkOpenedBy(page, () => linkButton.click());
    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${url.searchParams.get('start')}`, '7301'));
    await waitUntil('the bot answers', () => app.telegram.delivered.some((message) => String(message.chatId) === '7301'));
    expect(app.telegram.delivered.find((message) => String(message.chatId) === '7301')?.text).toBe(
      borrowerChatMessages.linked('Budi Santoso'),
    );

    await page.goto(`/?tanggal=${date}`);
    await waitButton(page, '10:00', '12:00').click();
    const dialog = waitDialog(page);
    const submit = dialog.getByRole('button', { name: waitingListMessages.submit });
    await submit.waitFor();
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    expect(await field(bookingFieldLabels.date).inputValue()).toBe(formatIndonesianDate(date));
    expect(await field(bookingFieldLabels.start).inputValue()).toBe('10:00');
    expect(await field(bookingFieldLabels.end).inputValue()).toBe('12:00');
    expect(await field(bookingFieldLabels.name).inputValue()).toBe('Budi Santoso');
    expect(await dialog.getByText(waitingListMessages.yourWaits).count()).toBe(0);

    await field(bookingFieldLabels.reason).fill('kuliah lapangan');
    await field(bookingFieldLabels.end).fill('09:00');
    await submit.click();
    expect(await fieldError(field(bookingFieldLabels.end))).toBe(messages.endNotAfterStart);
    expect(await violations(page)).toEqual([]);
    await largeText(page);
    expect(await pastViewportEdge(dialog)).toEqual([]);

    await field(bookingFieldLabels.end).fill('12:00');
    expect(await hasNoError(field(bookingFieldLabels.end))).toBe(true);
    await submit.click();
    const saved = waitingListMessages.saved(formatIndonesianDate(date), '10:00', '12:00');
    await dialog.getByRole('status').filter({ hasText: saved }).waitFor();
    const listed = `${formatIndonesianDate(date)}, 10:00 - 12:00 (Budi Santoso)`;
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([listed]);
    expect(await violations(page)).toEqual([]);

    // The server keeps it: a fresh page lists it from the device's waits.
    await page.goto(`/?tanggal=${date}`);
    await waitButton(page, '10:00', '12:00').click();
    await waitDialog(page).getByText(waitingListMessages.yourWaits).waitFor();
    expect(await waitDialog(page).getByRole('listitem').allTextContents()).toEqual([listed]);
  });

  it('a fourth open wait from one phone is refused at the date', async () => {
    const date = '2026-12-07';
    const own = { name: 'Budi Santoso', date, start: '07:00', end: '08:00' };
    const token = await bookViaApi(app.baseUrl, own);
    // Every wanted span is booked, so no round offers one and ends its wait meanwhile. Asked for
    // another name: Budi's own wait above counts against his name (issue 40), the phone's chat against it here.
    await bookViaApi(app.baseUrl, { name: 'Siti Rahmawati', date, start: '10:00', end: '12:00' });
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '13:00', end: '15:00' });
    const deviceSecret = await linkedDevice(token, '7401');
    for (const span of [
      { start: '10:00', end: '12:00' },
      { start: '10:00', end: '11:00' },
      { start: '13:00', end: '15:00' },
    ])
      await waitViaApi(deviceSecret, { date, ...span });
    const page = await phoneWith(app, [{ token, ...own }], deviceSecret);

    await page.goto(`/?tanggal=${date}`);
    await waitButton(page, '13:00', '15:00').click();
    const dialog = waitDialog(page);
    await dialog.getByRole('listitem').nth(2).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(3);
    await dialog.getByLabel(bookingFieldLabels.reason, { exact: true }).fill('kuliah lapangan');
    await dialog.getByRole('button', { name: waitingListMessages.submit }).click();
    expect(await fieldError(dialog.getByLabel(bookingFieldLabels.date, { exact: true }))).toBe(waitingListMessages.tooMany(3));
  });
});
