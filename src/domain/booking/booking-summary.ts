import { messages } from '../text/messages';
import { findMinutes, formatIndonesianDate, isCalendarDate, MINUTES_PER_DAY } from '../time/clock';
import { type BookingInput, voucherEnd } from './booking-rules';
import { spanText } from './span-text';
import { looksLikeVoucherCode } from './voucher-code';

/** `2 jam 30 menit`, `2 jam`, `45 menit`: a zero part is left out. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours > 0 ? messages.durationHours(hours) : '', rest > 0 || hours === 0 ? messages.durationMinutes(rest) : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * The form's line above `Simpan`: `Kamis, 27 November 2026 · 08:00-10:30 (2 jam 30 menit)`; a voucher's 6 hours past midnight end on the
 * next day's weekday (`21:00-Jumat 03:00`). Undefined until the date and times make a span.
 */
export function bookingSummary(input: Pick<BookingInput, 'date' | 'start' | 'end' | 'reason'>): string | undefined {
  const start = findMinutes(input.start);
  if (!isCalendarDate(input.date) || start === undefined) return undefined;
  const span = looksLikeVoucherCode(input.reason) ? voucherEnd(input.date, input.start) : { end: input.end, endDate: input.date };
  const end = findMinutes(span.end);
  if (end === undefined) return undefined;
  const overnight = span.endDate !== input.date;
  const minutes = end - start + (overnight ? MINUTES_PER_DAY : 0);
  if (minutes <= 0) return undefined;
  const text = spanText({ date: input.date, start: input.start, ...span }, 'summary');
  return messages.bookingSummary(formatIndonesianDate(input.date), text, formatDuration(minutes));
}
