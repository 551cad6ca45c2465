import { messages } from '../text/messages';
import { formatIndonesianDate } from '../time/clock';
import type { BookingSpan } from './booking-rules';

/**
 * Each place keeps the dash and next-day words its readers have always seen (tests pin each): the form's `21:00-Sabtu 03:00`,
 * the owner's schedule `22:00 - 04:00 (besok)`, the cancellation notice `20:00 - 02:00 (besoknya)`, the console `20:00–02:00 (besoknya)`.
 */
export type SpanStyle = 'summary' | 'schedule' | 'notice' | 'console';

const DASH: Record<SpanStyle, string> = { summary: '-', schedule: ' - ', notice: ' - ', console: '\u2013' };

/** From start to end, each marked when it falls on another day than `shownOn`: a day's schedule shows loans from the day before. */
export function spanText(span: BookingSpan, style: SpanStyle, shownOn = span.date): string {
  const start = span.date === shownOn ? span.start : messages.otherDay.startYesterday(span.start);
  const end = span.endDate === shownOn ? span.end : otherDayEnd(span, style);
  return `${start}${DASH[style]}${end}`;
}

function otherDayEnd(span: BookingSpan, style: SpanStyle): string {
  const words = messages.otherDay;
  if (style === 'summary') return words.endWeekday(weekdayOf(span.endDate), span.end);
  return style === 'schedule' ? words.endTomorrow(span.end) : words.endNextDay(span.end);
}

function weekdayOf(date: string): string {
  return formatIndonesianDate(date).split(',')[0] ?? '';
}
