/** Issue 25: money is integer rupiah; the balance is a sum over rows, never a stored number. */
export const MAX_FUND_AMOUNT = 10_000_000;
export const MAX_FUND_NOTE_LENGTH = 200;
/** A month's entries a page: on a phone each is a card, so a page stays a few screens long. */
export const FUND_PAGE_SIZE = 20;

export const PAYMENT_METHODS = ['Tunai', 'Transfer', 'QRIS'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const EXPENSE_CATEGORIES = ['Bensin', 'Servis', 'Pajak/STNK', 'Lainnya'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** `YYYY-MM` holds `date` (`YYYY-MM-DD`). */
export function isInMonth(date: string, month: string): boolean {
  return date.startsWith(`${month}-`);
}
