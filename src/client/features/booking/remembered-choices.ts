import type { BookingInput, StnkChoice } from '../../../domain/booking/booking-rules';
import { looksLikeVoucherCode } from '../../../domain/booking/voucher-code';
import { PURPOSES, type Purpose } from '../../../domain/fund/charges';
import { read, write } from '../../lib/remembered-borrower';

// Apart from device-storage: only the form reads these, so they load with it.
const STNK_KEY = 'lastNeedStnk';
const PURPOSE_KEY = 'lastPurpose';
const REASONS_KEY = 'pastReasons';
const DRAFT_KEY = 'bookingDraft';
const KEPT_REASONS = 3;

const stnkChoice = (value: unknown): StnkChoice => (value === 'ya' || value === 'tidak' ? value : '');
const purposeOf = (value: unknown): Purpose => PURPOSES.find((known) => known === value) ?? 'personal';

export function readLastChoices(): Pick<BookingInput, 'needStnk' | 'purpose'> {
  return { needStnk: stnkChoice(read(STNK_KEY)), purpose: purposeOf(read(PURPOSE_KEY)) };
}

/** Newest first; a voucher code is spent once, so it is never offered again. */
export function readPastReasons(): string[] {
  try {
    const stored: unknown = JSON.parse(read(REASONS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((reason): reason is string => typeof reason === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberChoices(input: BookingInput, purpose: Purpose): void {
  write(STNK_KEY, input.needStnk);
  write(PURPOSE_KEY, purpose);
  const reason = input.reason.trim();
  if (reason === '' || looksLikeVoucherCode(reason)) return;
  const kept = readPastReasons().filter((past) => past.toLowerCase() !== reason.toLowerCase());
  write(REASONS_KEY, JSON.stringify([reason, ...kept].slice(0, KEPT_REASONS)));
}

/** The form as typed in this tab, under the query it was opened with: Back, Forward and a reload find it again. */
export function readDraft(search: string): BookingInput | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as { search?: unknown; values?: Record<string, unknown> } | null;
    const values = stored?.search === search ? stored.values : undefined;
    if (!values || typeof values !== 'object') return undefined;
    const text = (field: 'name' | 'date' | 'start' | 'end' | 'reason') => (typeof values[field] === 'string' ? values[field] : '');
    return {
      name: text('name'),
      date: text('date'),
      start: text('start'),
      end: text('end'),
      reason: text('reason'),
      needStnk: stnkChoice(values.needStnk),
      purpose: purposeOf(values.purpose),
    };
  } catch {
    return undefined;
  }
}

export function keepDraft(search: string, values: BookingInput | undefined): void {
  try {
    if (values === undefined) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ search, values }));
  } catch {
    // Storage blocked: the draft lives as long as the page.
  }
}
