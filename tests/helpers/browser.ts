import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/chromium.mjs';

/** A headless Chromium that makes no connection beyond the page's own (this machine has no internet). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium: run the tests with `npm test`, which finds or installs one');
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium of this test worker, launched on first use. The e2e project runs its files
 * without module isolation (vitest.config.ts), so every file in a worker gets this same browser;
 * what a test sees stays its own because each test opens fresh contexts (own storage, cookies,
 * cache, service workers) and closes them. Never close it in a test: Playwright ends it when the
 * worker exits. A browser that crashed is replaced.
 */
export async function sharedChromium(): Promise<Browser> {
  const current = shared && (await shared.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared = launchChromium();
  return shared;
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** A fresh context and page; the app's service worker is blocked, so `page.route` sees every request (tests/e2e/offline.test.ts is about the worker). */
export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'id-ID', serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Screenshots are artifacts for a person to look at, kept out of git under test-results/. They
 * assert nothing and cost a tenth of the browser suite's time, so they are taken with SCREENSHOTS=1.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
