import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/domain/admin/admin-messages';
import { deviceMessages } from '../../src/domain/chat/device-messages';
import { messages } from '../../src/domain/text/messages';
import { PHONE } from '../helpers/browser';
import { waitUntil } from '../helpers/wait-until';
import { bookViaApi } from './support/api';
import { violations } from './support/axe';
import { signInAsAdmin, storeOnDevice } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

describe('the card shows the Telegram chats linked to this phone and unlinks them all (issue 40)', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile }, telegram: true });

  async function linkChat(deviceSecret: string, token: string, chatId: string): Promise<void> {
    const response = await fetch(`${app.baseUrl}/api/telegram/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret, tokens: [token] }),
    });
    const { url } = (await response.json()) as { url: string };
    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${new URL(url).searchParams.get('start')}`, chatId));
    await waitUntil(`the bot links ${chatId}`, () => app.telegram.delivered.some((message) => String(message.chatId) === chatId));
  }

  it('two chats linked: the first is told, the card counts two, Putuskan semua Telegram unlinks both and keeps a new secret; axe clean', async () => {
    const own = { name: 'Budi Santoso', date: '2026-12-03', start: '08:00', end: '10:00' };
    const token = await bookViaApi(app.baseUrl, own);
    const deviceSecret = randomBytes(32).toString('base64url');
    await linkChat(deviceSecret, token, '7601');
    await linkChat(deviceSecret, token, '7602');
    await waitUntil('the first chat told', () =>
      app.telegram.delivered.some((message) => String(message.chatId) === '7601' && message.text === deviceMessages.otherChatLinked),
    );

    const page = await openPage(app, { agreed: true, viewport: PHONE });
    await storeOnDevice(page, [{ token, ...own }], deviceSecret);
    await page.goto('/');
    const card = page.getByRole('region', { name: messages.myBookingsTitle });
    await card.getByText(deviceMessages.linkedChats(2)).waitFor();
    expect(await violations(page)).toEqual([]);

    await card.getByRole('button', { name: deviceMessages.unlinkAll }).click();
    await card.getByRole('status').filter({ hasText: deviceMessages.unlinkedAll }).waitFor();
    expect(await card.getByText(deviceMessages.linkedChats(2)).count()).toBe(0);
    const kept = await page.evaluate(() => localStorage.getItem('borrowerDevice'));
    expect(kept).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept).not.toBe(deviceSecret);
    const chats = await fetch(`${app.baseUrl}/api/telegram/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret: kept }),
    });
    expect(await chats.json()).toEqual({ chats: 0 });
  });

  it('the console lists a wait and Akhiri tawaran ends it; axe clean', async () => {
    const date = '2026-12-04';
    const own = { name: 'Budi Santoso', date: '2026-12-05', start: '08:00', end: '10:00' };
    const token = await bookViaApi(app.baseUrl, own);
    await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date, start: '10:00', end: '12:00' });
    const deviceSecret = randomBytes(32).toString('base64url');
    await linkChat(deviceSecret, token, '7603');
    const wait = await fetch(`${app.baseUrl}/api/waits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSecret, name: 'Budi Santoso', date, start: '10:00', end: '12:00', reason: 'kuliah' }),
    });
    expect(wait.status).toBe(201);

    const page = await openPage(app, { agreed: true, viewport: PHONE });
    await signInAsAdmin(page, { name: 'Admin Uji', id: adminIdOf(app) });
    await page.goto('/admin/peminjaman');
    const panel = page.getByRole('region', { name: adminMessages.waits.title });
    await panel.getByText(adminMessages.waits.waitingLabel).waitFor();
    expect(await violations(page)).toEqual([]);
    await panel.getByRole('button', { name: new RegExp(`^${adminMessages.waits.end}: Budi Santoso`) }).click();
    await panel.getByRole('status').filter({ hasText: adminMessages.waits.ended }).waitFor();
    await panel.getByText(adminMessages.waits.empty).waitFor();
  });
});
