import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { present } from '../helpers/present';
import { dayFromToday } from './support/api';
import { violations } from './support/axe';
import { borrowForm } from './support/pages';
import { openTouchPhone } from './support/phone';
import { useStudentApp } from './support/student-app';

/** Whether `element` lies wholly inside the dialog's visible box and the viewport, as the dialog opened. */
async function whollyVisibleIn(element: Locator, dialog: Locator): Promise<boolean> {
  const box = present(await element.boundingBox(), 'the element on screen');
  const frame = present(await dialog.boundingBox(), 'the dialog on screen');
  const viewport = present(element.page().viewportSize(), 'the viewport');
  return box.y >= frame.y && box.y + box.height <= frame.y + frame.height && box.y >= 0 && box.y + box.height <= viewport.height;
}

describe('the success dialog at 200 % text on a 360×740 phone (issue 42)', () => {
  const app = useStudentApp();

  it.each(['light', 'dark'] as const)('shows its title and Lanjut without scrolling (%s)', async (colorScheme) => {
    const page = await openTouchPhone(app, { agreed: true, colorScheme });
    const form = borrowForm(page);
    const day = await dayFromToday(app.baseUrl, colorScheme === 'light' ? 10 : 11);
    await page.goto(`/form?tanggal=${day}&mulai=08:00&selesai=09:00`);
    await form.ready();
    await form.fill({ name: 'Budi Santoso', reason: 'Kuliah' });
    await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
    await form.save.tap();
    const dialog = form.successDialog;
    await dialog.waitFor();
    const title = dialog.getByRole('heading', { name: 'Yey Berhasil' });
    const next = dialog.getByRole('button', { name: 'Lanjut', exact: true });
    await screenshot(page, `form-taps-success-200-${colorScheme}`);
    expect(await whollyVisibleIn(title, dialog), 'the title').toBe(true);
    expect(await whollyVisibleIn(next, dialog), 'Lanjut').toBe(true);
    expect(await violations(page)).toEqual([]);
    await next.tap();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
