import type { Page } from 'playwright-core';

/** The Telegram deep link a press opens, caught before the page leaves for Telegram. */
export async function deepLinkOpenedBy(page: Page, click: () => Promise<void>): Promise<URL> {
  let opened: URL | undefined;
  await page.route('https://t.me/**', (route) => {
    opened = new URL(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title><h1>Telegram</h1>' });
  });
  await click();
  await page.waitForURL((url) => url.hostname === 't.me');
  await page.getByRole('heading', { name: 'Telegram' }).waitFor();
  if (opened === undefined) throw new Error('t.me was not asked');
  return opened;
}
