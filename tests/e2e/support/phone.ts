import type { Locator, Page } from 'playwright-core';
import { PHONE } from '../../helpers/browser';
import type { StudentApp } from './student-app';

/** A fresh 360×740 touch phone in Indonesian (issue 42), closed after the test. */
export async function openTouchPhone(
  app: StudentApp,
  { colorScheme = 'light', agreed = false }: { colorScheme?: 'light' | 'dark'; agreed?: boolean } = {},
): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'id-ID',
    colorScheme,
    serviceWorkers: 'block',
  });
  app.contexts.push(context);
  if (agreed) await context.addInitScript(() => localStorage.setItem('agreedToRules', 'true'));
  await context.addInitScript(countTapsInPage);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

/** Taps that count: every tap goes through `tap`, typing does not. */
export function tapCounter() {
  let taps = 0;
  return {
    async tap(target: Locator) {
      taps += 1;
      await target.tap();
    },
    get taps() {
      return taps;
    },
  };
}

const PAGE_TAPS_KEY = 'e2eTapsSeen';

/**
 * What the page itself saw, whichever way a test drove it: every trusted press (tap, click), every option chosen in a select and every
 * Enter; kept per tab in sessionStorage, so navigations and reloads keep the count.
 */
function countTapsInPage() {
  const count = () => sessionStorage.setItem('e2eTapsSeen', String(Number(sessionStorage.getItem('e2eTapsSeen') ?? '0') + 1));
  addEventListener('pointerdown', (event) => event.isTrusted && count(), true);
  addEventListener('change', (event) => event.target instanceof HTMLSelectElement && count(), true);
  addEventListener('keydown', (event) => event.isTrusted && event.key === 'Enter' && count(), true);
}

/** The taps, option choices and Enters the page saw in this tab so far (countTapsInPage). */
export async function tapsSeenByPage(page: Page): Promise<number> {
  return page.evaluate((key) => Number(sessionStorage.getItem(key) ?? '0'), PAGE_TAPS_KEY);
}
