import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage } from '../helpers/browser';
import { createE2eDatabase } from '../helpers/e2e-db';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

describe('the app shell in Chromium', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createE2eDatabase();
    dropDatabase = database.drop;
    server = await startServerProcess({ DATABASE_URL: database.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dropDatabase?.();
  });

  it('serves the React app with the top navigation bar and the logo', async () => {
    const { page, context } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Utama' });
    await nav.getByRole('link', { name: 'Cek Ketersediaan' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('id');
    expect(await page.locator('header img[src="/logo.svg"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });
});
