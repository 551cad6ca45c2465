import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { messages } from '../../src/domain/text/messages';
import { PHONE } from '../helpers/browser';
import { waitUntil } from '../helpers/wait-until';
import { violations } from './support/axe';
import { deepLinkOpenedBy } from './support/deep-link';
import { borrowForm } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

describe('a borrower links Telegram from the phone', () => {
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile }, telegram: true });

  it('the success dialog and the card open the bot with a one-use code, and /start links the chat; axe clean', async () => {
    const page = await openPage(app, { agreed: true, viewport: PHONE });
    const form = borrowForm(page);
    await page.goto('/form');
    await form.ready();
    await form.fill({ name: 'Budi Santoso', date: '2026-12-02', start: '08:00', end: '10:00', reason: 'kuliah' });
    await form.save.click();
    await form.successDialog.waitFor();
    const link = form.successDialog.getByRole('button', { name: messages.borrowerChat.linkButton });
    await link.waitFor();
    expect(await violations(page)).toEqual([]);

    const url = await deepLinkOpenedBy(page, () => link.click());
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${app.telegram.botUsername}`);
    const code = url.searchParams.get('start') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${code}`, '7001'));
    await waitUntil('the bot answers', () => app.telegram.delivered.some((message) => String(message.chatId) === '7001'));
    expect(app.telegram.delivered.find((message) => String(message.chatId) === '7001')?.text).toBe(
      borrowerChatMessages.linked('Budi Santoso'),
    );

    await page.goto('/');
    const card = page.getByRole('region', { name: messages.myBookingsTitle });
    await card.getByRole('listitem').first().waitFor();
    const again = await deepLinkOpenedBy(page, () => card.getByRole('button', { name: messages.borrowerChat.linkButton }).click());
    expect(again.searchParams.get('start')).not.toBe(code);
    await page.goto('/');
    await card.getByRole('listitem').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
