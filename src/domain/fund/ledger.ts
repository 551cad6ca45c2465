import { MONTHS, SHORT_MONTHS } from '../time/clock';

/**
 * The treasurer's book (0053): entries are appended, never changed. `cash` is what an entry moves in the fund (+ in, − out), `owed` what it
 * moves in the member's debt (+ a charge, − a payment of charges). A correction negates both: every total is a plain sum.
 */
export const LEDGER_KINDS = ['charge', 'charge-change', 'payment', 'dues', 'income', 'expense', 'correction'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export function isLedgerKind(value: string): value is LedgerKind {
  return (LEDGER_KINDS as readonly string[]).includes(value);
}

/** What a treasurer records by hand; charges come from the rules, corrections from `Koreksi`. */
export const INCOME_KINDS = ['payment', 'dues', 'income'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** Charges are changed with `Ubah` (a charge change), everything recorded by hand with `Koreksi`. */
export const CORRECTABLE_KINDS: readonly LedgerKind[] = ['payment', 'dues', 'income', 'expense'];

export interface Movement {
  cash: number;
  owed: number;
}

export function movementOf(kind: 'payment' | 'dues' | 'income' | 'expense', amount: number): Movement {
  switch (kind) {
    case 'payment':
      return { cash: amount, owed: -amount };
    case 'expense':
      return { cash: -amount, owed: 0 };
    default:
      return { cash: amount, owed: 0 };
  }
}

export function reversalOf(entry: Movement): Movement {
  return { cash: -entry.cash, owed: -entry.owed };
}

/** `2026-12` → `Desember 2026`; `short` → `Des 2026`. Here, not in clock.ts: the first load of / never needs it. */
export function formatIndonesianMonth(month: string, short = false): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${(short ? SHORT_MONTHS : MONTHS)[index - 1]} ${year}`;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** `YYYY-MM` moved by `months`. */
export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export interface MonthTotals {
  opening: number;
  in: number;
  out: number;
  closing: number;
}

/** `Saldo awal`, `Masuk`, `Keluar`, `Saldo akhir` of `month`, from every entry's date and cash. */
export function monthTotals(entries: readonly { date: string; cash: number }[], month: string): MonthTotals {
  const totals = { opening: 0, in: 0, out: 0, closing: 0 };
  for (const entry of entries) {
    const entryMonth = monthOf(entry.date);
    if (entryMonth < month) totals.opening += entry.cash;
    else if (entryMonth === month && entry.cash > 0) totals.in += entry.cash;
    else if (entryMonth === month) totals.out -= entry.cash;
  }
  totals.closing = totals.opening + totals.in - totals.out;
  return totals;
}

/** Money in and out for each of the `count` months ending with `month`, oldest first. */
export function monthlyFlows(
  entries: readonly { date: string; cash: number }[],
  month: string,
  count = 12,
): { month: string; in: number; out: number }[] {
  const months = Array.from({ length: count }, (_, index) => addMonths(month, index - count + 1));
  return months.map((each) => {
    const { in: moneyIn, out } = monthTotals(entries, each);
    return { month: each, in: moneyIn, out };
  });
}

/** A member's outstanding charges: their charges and changes less their payments of charges (dues never count). */
export function outstandingOf(entries: readonly { owed: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.owed, 0);
}

/** Payments are the member's, not a charge's: they settle charges oldest first; true for each charge (oldest first) paid whole. */
export function settledCharges(amountsOldestFirst: readonly number[], paid: number): boolean[] {
  let left = paid;
  return amountsOldestFirst.map((amount) => {
    left -= amount;
    return left >= 0;
  });
}

/** The month's totals from the balance before it and its money in and out (the sums the database adds up). */
export function totalsOf(opening: number, flow: { in: number; out: number } | undefined): MonthTotals {
  const moneyIn = flow?.in ?? 0;
  const out = flow?.out ?? 0;
  return { opening, in: moneyIn, out, closing: opening + moneyIn - out };
}

/** The `count` months ending with `month`, oldest first, each with its sums from `sums` (a month without entries moves nothing). */
export function flowsOf(
  sums: readonly { month: string; in: number; out: number }[],
  month: string,
  count = 12,
): { month: string; in: number; out: number }[] {
  const byMonth = new Map(sums.map((sum) => [sum.month, sum]));
  return Array.from({ length: count }, (_, index) => {
    const each = addMonths(month, index - count + 1);
    return { month: each, in: byMonth.get(each)?.in ?? 0, out: byMonth.get(each)?.out ?? 0 };
  });
}

export interface DebtEntry {
  usersId: string;
  kind: string;
  bookingId: number | null;
  owed: number;
}

/** Whether each loan's charge is paid: a member's payments of charges settle their own charges, oldest loan first. */
export function settledLoans(entries: readonly DebtEntry[]): Map<number, boolean> {
  const byMember = new Map<string, { loans: Map<number, number>; paid: number }>();
  for (const entry of entries) {
    if (entry.owed === 0) continue;
    const member = byMember.get(entry.usersId) ?? { loans: new Map<number, number>(), paid: 0 };
    const isCharge = entry.kind === 'charge' || entry.kind === 'charge-change';
    if (isCharge && entry.bookingId !== null) member.loans.set(entry.bookingId, (member.loans.get(entry.bookingId) ?? 0) + entry.owed);
    else member.paid -= entry.owed;
    byMember.set(entry.usersId, member);
  }
  const settled = new Map<number, boolean>();
  for (const { loans, paid } of byMember.values()) {
    const flags = settledCharges([...loans.values()], paid);
    for (const [index, bookingId] of [...loans.keys()].entries()) settled.set(bookingId, flags[index] ?? false);
  }
  return settled;
}
