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
