import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, sharedChromium } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-app';

describe('the app shell in Chromium', () => {
  let browser: Browser;
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp();
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it('serves the React app in Indonesian with the top navigation bar and the logo', async () => {
    const { page, context } = await newPage(browser, e2e.baseUrl);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Utama' });
    await nav.getByRole('link', { name: 'Cek Ketersediaan' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('id');
    const logo = page.locator('header img[src="/logo.svg"]');
    expect(await logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
    await context.close();
  });

  it('paints with the styles inside the page, which the Content-Security-Policy allows, and fetches no stylesheet', async () => {
    const { page, context } = await newPage(browser, e2e.baseUrl);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Utama' }).waitFor();
    // Without the app's styles the body would be transparent.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('head style').count()).toBe(1);
    expect(stylesheets).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('paints the top bar from the HTML before any script runs, then the app draws its own in its place (issue 44)', async () => {
    const { page, context } = await newPage(browser, e2e.baseUrl);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.locator('#shell header').textContent()).toContain('Pinjam Motor PPTI 21');
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await page.reload();
    await page.getByRole('navigation', { name: 'Utama' }).waitFor();
    await expect.poll(() => page.locator('#shell').count()).toBe(0);
    expect(await page.locator('header').count()).toBe(1);
    expect(refused).toEqual([]);
    await context.close();
  });
});
