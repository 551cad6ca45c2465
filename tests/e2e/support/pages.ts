import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { present } from '../../helpers/present';
import { openPage, type StudentApp } from './student-app';

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Utama' });
}

/** The borrowing form at /form, found by its visible labels. */
export function borrowForm(page: Page) {
  const main = page.getByRole('main');
  return {
    heading: main.getByRole('heading', { level: 1, name: 'Formulir Peminjaman Motor PPTI 21' }),
    name: main.getByRole('combobox', { name: 'Nama Peminjam' }),
    suggestions: main.getByRole('listbox'),
    className: main.getByLabel('Kelas', { exact: true }),
    date: main.getByLabel('Hari Peminjaman', { exact: true }),
    start: main.getByLabel('Jam Mulai', { exact: true }),
    end: main.getByLabel('Jam Selesai', { exact: true }),
    reason: main.getByLabel('Alasan', { exact: true }),
    needStnk: main.getByLabel('Butuh STNK', { exact: true }),
    cancel: main.getByRole('button', { name: 'Batal' }),
    save: main.locator('button[type="submit"]'),
    globalError: main.getByRole('alert'),
    successDialog: page.getByRole('dialog', { name: 'Yey Berhasil' }),

    /** Waits until the roster and today are loaded (the form drops aria-busy), so the instant checks can run. */
    async ready() {
      await main.locator('form:not([aria-busy])').waitFor();
    },

    /** Fills what is given; the name is typed and its suggestion picked when it is on the roster. */
    async fill(values: { name?: string; date?: string; start?: string; end?: string; reason?: string; needStnk?: string }) {
      if (values.name !== undefined) {
        await this.name.fill(values.name);
        await this.name.press('Escape');
      }
      if (values.date !== undefined) await this.date.fill(values.date);
      if (values.start !== undefined) await this.start.fill(values.start);
      if (values.end !== undefined) await this.end.fill(values.end);
      if (values.reason !== undefined) await this.reason.fill(values.reason);
      if (values.needStnk !== undefined) await this.needStnk.selectOption(values.needStnk);
    },
  };
}

/**
 * The error shown for a field: it must be marked invalid and described by an element that
 * sits below it on screen. Waits for the error to appear.
 */
export async function fieldError(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const texts: string[] = [];
  const fieldBox = await field.boundingBox();
  for (const id of describedBy.split(/\s+/).filter((value) => value.endsWith('-error'))) {
    const error = field.page().locator(`[id="${id}"]`);
    const box = present(await error.boundingBox(), `the error ${id} on screen`);
    const under = present(fieldBox, 'the field on screen');
    expect(box.y, 'the error is under its field').toBeGreaterThanOrEqual(under.y + under.height - 1);
    texts.push((await error.textContent()) ?? '');
  }
  expect(texts, `one error describes the field (aria-describedby="${describedBy}")`).toHaveLength(1);
  return present(texts[0], 'the error text');
}

/** Whether a field is free of error marks. */
export async function hasNoError(field: Locator): Promise<boolean> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  return (await field.getAttribute('aria-invalid')) === null && !describedBy.includes('-error');
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Visible controls smaller than 44 × 44 px, described for a failure message. */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="option"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.height < 44 || box.width < 44)
        small.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.id}" ${box.width}×${box.height}`);
    }
    return small;
  });
}

/** The element that has the keyboard focus, by its accessible text. */
export async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
}

/** /form in a fresh page that agreed to the rules, once it is ready for input. */
export async function openBorrowForm(app: StudentApp, viewport?: { width: number; height: number }) {
  const page = await openPage(app, { agreed: true, viewport });
  const form = borrowForm(page);
  await page.goto('/form');
  await form.heading.waitFor();
  await form.ready();
  return { page, form };
}

/** Signs in at /login with the admin's name and login code, and waits for the voucher screen it lands on. */
export async function signInAsAdmin(page: Page, admin: { name: string; id: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Nama').fill(admin.name);
  await page.getByLabel('Kode Masuk').fill(admin.id);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL('**/generate');
  await page.getByRole('button', { name: 'Generate Voucher' }).waitFor();
}

/** A booking of one day as the `Peminjaman kamu` card keeps it on the device. */
export interface StoredBooking {
  token: string;
  name: string;
  date: string;
  start: string;
  end: string;
}

/** From its next load, the page's device holds `stored` (as after booking from it) and, if given, the chat link's `deviceSecret`. */
export async function storeOnDevice(page: Page, stored: StoredBooking[], deviceSecret?: string): Promise<void> {
  const entries = stored.map((booking) => ({ ...booking, endDate: booking.date }));
  await page.context().addInitScript(
    ({ bookings, device }) => {
      localStorage.setItem('myBookings', bookings);
      if (device) localStorage.setItem('borrowerDevice', device);
    },
    { bookings: JSON.stringify(entries), device: deviceSecret ?? '' },
  );
}

/** The texts of elements inside `region` whose right edge passes the viewport's. */
export function pastViewportEdge(region: Locator): Promise<string[]> {
  return region.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => (element.textContent ?? '').trim().slice(0, 40)),
  );
}
