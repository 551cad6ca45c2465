import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage } from '../helpers/browser';
import { type E2eApp, startE2eApp } from '../helpers/e2e-db';

describe('the app shell in Chromium', () => {
  let browser: Browser;
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
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
});
