import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../helpers/browser';
import { EXPECTED_RULES } from '../helpers/rules-text';
import { borrowForm, horizontalOverflow, smallTouchTargets } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

describe('the rules page and the agreement', () => {
  const app = useStudentApp();

  it('shows the title and the rules of spec section 9 as a list', async () => {
    const page = await openPage(app);
    await page.goto('/peraturan');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Aturan Peminjaman Motor Kelas PPTI 21', exact: true }).waitFor();
    expect(await main.getByRole('listitem').allTextContents()).toEqual(EXPECTED_RULES);
    expect(await page.title()).toBe('Aturan Peminjaman Motor Kelas PPTI 21 · Pinjam Motor PPTI 21');
    await screenshot(page, 'rules-desktop-1280');
  });

  it('fits a 360 px phone with large enough buttons', async () => {
    const page = await openPage(app, { viewport: PHONE });
    await page.goto('/peraturan');
    await page.getByRole('button', { name: 'Saya Setuju' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallTouchTargets(page)).toEqual([]);
    await screenshot(page, 'rules-phone-360');
  });

  it('Cek Ketersediaan goes to the availability page without agreeing', async () => {
    const page = await openPage(app);
    await page.goto('/peraturan');
    await page.getByRole('main').getByRole('link', { name: 'Cek Ketersediaan', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('agreedToRules'))).toBeNull();
  });

  it("Saya Setuju stores agreedToRules = 'true' and opens the form, which stays open after a reload", async () => {
    const page = await openPage(app);
    await page.goto('/peraturan');
    await page.getByRole('button', { name: 'Saya Setuju' }).click();
    await page.waitForURL('**/form');
    await borrowForm(page).heading.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('agreedToRules'))).toBe('true');
    await page.reload();
    await borrowForm(page).heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/form');
  });

  it.each([
    ['never agreed', undefined],
    ["agreedToRules = 'false'", 'false'],
    ["agreedToRules = 'yes'", 'yes'],
  ])('/form redirects to /peraturan before showing anything when %s', async (_case, stored) => {
    const page = await openPage(app);
    // Records whether the form's title was ever in the document, however briefly.
    await page.addInitScript((value) => {
      if (value !== null) localStorage.setItem('agreedToRules', value);
      const seen = { form: false };
      (window as unknown as { formSeen: typeof seen }).formSeen = seen;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Formulir Peminjaman')) seen.form = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, stored ?? null);
    await page.goto('/form');
    await page.getByRole('heading', { name: 'Aturan Peminjaman Motor Kelas PPTI 21' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/peraturan');
    expect(await page.evaluate(() => (window as unknown as { formSeen: { form: boolean } }).formSeen.form)).toBe(false);
    // A redirect, not a new history entry: Back leaves the form flow instead of bouncing again.
    expect(await page.evaluate(() => history.length)).toBe(2);
  });
});
