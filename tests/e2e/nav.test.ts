import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { horizontalOverflow, mainNav, smallTouchTargets } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

const LINKS = [
  { name: 'Cek Ketersediaan', href: '/' },
  { name: 'Form Peminjaman', href: '/peraturan' },
  { name: 'Generate Voucher', href: '/login' },
];

/** Which link each page highlights ('none' for a page outside the three). */
const CURRENT_ON = [
  { path: '/', current: 'Cek Ketersediaan' },
  { path: '/?tanggal=2030-01-02', current: 'Cek Ketersediaan' },
  { path: '/peraturan', current: 'Form Peminjaman' },
  { path: '/form', current: 'Form Peminjaman' },
  { path: '/login', current: 'Generate Voucher' },
  { path: '/generate', current: 'Generate Voucher' },
  { path: '/tidak-ada', current: 'none' },
];

/** The menu button, whose name changes from Menu to Tutup while the menu is open. */
const menuButton = (page: Page) => mainNav(page).locator('button[aria-controls]');

describe('the navigation bar', () => {
  const app = useStudentApp();

  it('shows the logo from the site root and the three links to their pages', async () => {
    const page = await openPage(app);
    await page.goto('/peraturan');
    const nav = mainNav(page);
    const logo = nav.locator('img[src="/logo.svg"]');
    await logo.waitFor();
    // The element is there before its image has loaded; decode() waits for the load and fails if it fails.
    expect(await logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
    for (const link of LINKS) {
      expect(await nav.getByRole('link', { name: link.name, exact: true }).getAttribute('href')).toBe(link.href);
    }
    await nav.getByRole('link', { name: 'Generate Voucher' }).click();
    await page.waitForURL('**/login');
    await nav.getByRole('link', { name: 'Cek Ketersediaan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav.getByRole('link', { name: 'Form Peminjaman' }).click();
    await page.waitForURL('**/peraturan');
    await screenshot(page, 'nav-desktop-1280');
  });

  it.each(CURRENT_ON)('on $path marks $current with aria-current="page" and a highlight', async ({ path, current }) => {
    const page = await openPage(app, { agreed: true });
    await page.goto(path);
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Cek Ketersediaan' }).waitFor();
    const marked = await nav.locator('[aria-current="page"]').allTextContents();
    expect(marked).toEqual(current === 'none' ? [] : [current]);
    if (current !== 'none') {
      const background = (name: string) =>
        nav.getByRole('link', { name, exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
      const other = present(
        LINKS.find((link) => link.name !== current),
        'another link',
      ).name;
      expect(await background(current), 'the current link looks different').not.toBe(await background(other));
    }
  });

  it('shows a scooter logo whose square, the bar and the theme-color are one colour', async () => {
    const page = await openPage(app);
    await page.goto('/');
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
    const bar = await page.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(bar).toBe(hexToRgb(themeColor ?? ''));
    const logo = await (await fetch(`${app.baseUrl}/logo.svg`)).text();
    expect(/<rect [^>]*fill="([^"]+)"/.exec(logo)?.[1]).toBe(themeColor);
  });

  it('stays fixed at the top of the viewport while the page scrolls', async () => {
    const page = await openPage(app, { viewport: { width: PHONE.width, height: 400 } });
    await page.goto('/peraturan');
    const header = page.locator('header');
    await page.getByRole('button', { name: 'Saya Setuju' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await header.boundingBox())?.y).toBe(0);
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  });

  it('shows the links inline and no menu button on a wide screen', async () => {
    const page = await openPage(app, { viewport: DESKTOP });
    await page.goto('/');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Generate Voucher' }).waitFor();
    expect(await menuButton(page).isVisible()).toBe(false);
    for (const link of LINKS) expect(await nav.getByRole('link', { name: link.name, exact: true }).isVisible()).toBe(true);
  });

  describe('below 640 px', () => {
    it('puts the links behind a Menu button that a chosen link closes', async () => {
      const page = await openPage(app, { viewport: PHONE });
      await page.goto('/');
      const nav = mainNav(page);
      const menu = menuButton(page);
      const formLink = nav.getByRole('link', { name: 'Form Peminjaman' });
      await menu.waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.innerText()).toBe('Menu');
      expect(await formLink.isVisible()).toBe(false);
      await screenshot(page, 'nav-phone-360-closed');

      const closedIcon = await menu.locator('svg path').getAttribute('d');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      // While open the button says Tutup and shows another icon (a cross).
      expect(await menu.innerText()).toBe('Tutup');
      expect(await menu.locator('svg path').getAttribute('d')).not.toBe(closedIcon);
      for (const link of LINKS) expect(await nav.getByRole('link', { name: link.name, exact: true }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Cek Ketersediaan' }).getAttribute('aria-current')).toBe('page');
      expect(await smallTouchTargets(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, 'nav-phone-360-open');

      await formLink.click();
      await page.waitForURL('**/peraturan');
      await page.getByRole('heading', { name: 'Aturan Peminjaman Motor Kelas PPTI 21' }).waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await formLink.isVisible()).toBe(false);
    });

    it('closes the menu on Escape and puts the focus back on the Menu button', async () => {
      const page = await openPage(app, { viewport: PHONE });
      await page.goto('/');
      const nav = mainNav(page);
      const menu = menuButton(page);
      await menu.click();
      await nav.getByRole('link', { name: 'Cek Ketersediaan' }).focus();
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Cek Ketersediaan' }).isVisible()).toBe(false);
      expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    });

    it('closes the menu on a tap outside it', async () => {
      const page = await openPage(app, { viewport: PHONE, agreed: true });
      await page.goto('/peraturan');
      const nav = mainNav(page);
      const menu = menuButton(page);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      // Below the open menu, on the page.
      await page.mouse.click(PHONE.width / 2, PHONE.height - 60);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Cek Ketersediaan' }).isVisible()).toBe(false);
    });

    it('is operable by keyboard: the menu button toggles with Enter and Space', async () => {
      const page = await openPage(app, { viewport: PHONE });
      await page.goto('/');
      const menu = menuButton(page);
      await menu.focus();
      await page.keyboard.press('Space');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Space');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    });
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((index) => Number.parseInt(hex.slice(index, index + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
