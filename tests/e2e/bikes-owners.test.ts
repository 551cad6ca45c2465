import { describe, expect, it } from 'vitest';
import { chatTexts } from '../helpers/borrower-chat';
import { PHONE } from '../helpers/browser';
import { waitUntil } from '../helpers/wait-until';
import { violations } from './support/axe';
import { horizontalOverflow, signInAsAdmin } from './support/pages';
import { adminIdOf, openPage, useStudentApp } from './support/student-app';

describe('a bike’s owner chat in the Motor tab', () => {
  const app = useStudentApp({ telegram: true });

  it('at 360 px: Buat kode pemilik shows what the owner sends the bot, and the row says when the chat is linked', async () => {
    const admin = await openPage(app, { viewport: PHONE });
    await signInAsAdmin(admin, { name: 'Admin Uji', id: adminIdOf(app) });
    await admin.goto('/admin/motor');
    await admin.getByRole('button', { name: 'Tambah motor' }).click();
    const form = admin.getByRole('form', { name: 'Tambah motor' });
    await form.getByLabel('Nama motor').fill('Beat hitam');
    await form.getByRole('button', { name: 'Tambahkan' }).click();
    const list = admin.getByRole('list', { name: 'Daftar motor' });
    await list.getByText('Chat pemilik belum tersambung.').waitFor();
    await list.getByText('Pemilik motor pertama memakai chat Telegram utama.').waitFor();
    expect(await list.getByRole('button', { name: 'Buat kode pemilik: Motor PPTI 21' }).count()).toBe(0);

    await list.getByRole('button', { name: 'Buat kode pemilik: Beat hitam' }).click();
    const shown = (await list.getByRole('status').textContent()) ?? '';
    const code = /\/start ([A-Z2-9]{12}) ke @pinjam_motor_test_bot /.exec(shown)?.[1];
    expect(code, shown).toBeDefined();
    expect(await violations(admin)).toEqual([]);
    await admin.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
    await expect.poll(() => horizontalOverflow(admin)).toBe(0);
    await admin.evaluate(() => document.documentElement.style.removeProperty('font-size'));

    app.telegram.pushUpdate(app.telegram.textUpdate(`/start ${code}`, '5550001'));
    await waitUntil('the owner told', () => chatTexts(app.telegram, '5550001').length > 0);
    expect(chatTexts(app.telegram, '5550001')).toEqual(['Siap! Chat ini sekarang menerima pemberitahuan untuk motor Beat hitam.']);
    await admin.reload();
    await admin.getByRole('list', { name: 'Daftar motor' }).getByText('Chat pemilik sudah tersambung.').waitFor();
  });
});
