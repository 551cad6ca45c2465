import { findMinutes, formatMinutes } from './clock';
import { MAX_HOURS_HOME_CLASS, MINUTES_PER_DAY } from './limits';
import type { DayBooking } from './schemas/bookings';

export const MIN_GAP_MINUTES = 15;

export const QUARTER_MINUTES = 15;

/** Minutes since midnight, `to` exclusive (at most 1440). */
export interface Span {
  from: number;
  to: number;
}

export type TimelineSegment =
  | ({ kind: 'booking'; booking: DayBooking } & Span)
  | ({ kind: 'free' } & Span)
  /** Free before now, or a whole past day's free time. */
  | ({ kind: 'past' } & Span);

export function roundUpToQuarter(minutes: number): number {
  return Math.ceil(minutes / QUARTER_MINUTES) * QUARTER_MINUTES;
}

/** The day's end is '24:00', not the next day's '00:00'. */
export function formatDayMinute(minutes: number): string {
  return minutes >= MINUTES_PER_DAY ? '24:00' : formatMinutes(minutes);
}

export function bookedSpan(booking: DayBooking): Span | undefined {
  const start = findMinutes(booking.start);
  const end = findMinutes(booking.end);
  if (start === undefined || end === undefined) return undefined;
  const span = { from: booking.continuesFromPreviousDay ? 0 : start, to: booking.continuesNextDay ? MINUTES_PER_DAY : end };
  return span.to > span.from ? span : undefined;
}

/** Overlaps counted once. */
export function bookedMinutes(bookings: DayBooking[]): number {
  const spans = bookings.flatMap((booking) => bookedSpan(booking) ?? []).sort((a, b) => a.from - b.from);
  let total = 0;
  let cursor = 0;
  for (const span of spans) {
    total += Math.max(0, span.to - Math.max(span.from, cursor));
    cursor = Math.max(cursor, span.to);
  }
  return total;
}

/**
 * 00:00 to 24:00 in order. `bookableFrom` (undefined on a past day): free time before it is past, free
 * time shorter than MIN_GAP_MINUTES is left out. Overlapping imported rows are shown as they are.
 */
export function dayTimeline(bookings: DayBooking[], bookableFrom: number | undefined): TimelineSegment[] {
  const booked = bookings
    .flatMap((booking) => {
      const span = bookedSpan(booking);
      return span ? [{ kind: 'booking' as const, booking, ...span }] : [];
    })
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const segments: TimelineSegment[] = [];
  let cursor = 0;
  const addIdle = (to: number) => {
    const pastUntil = Math.min(to, bookableFrom ?? MINUTES_PER_DAY);
    if (pastUntil > cursor) segments.push({ kind: 'past', from: cursor, to: pastUntil });
    const freeFrom = Math.max(cursor, bookableFrom ?? MINUTES_PER_DAY);
    if (to - freeFrom >= MIN_GAP_MINUTES) segments.push({ kind: 'free', from: freeFrom, to });
  };
  for (const segment of booked) {
    if (segment.from > cursor) addIdle(segment.from);
    segments.push(segment);
    cursor = Math.max(cursor, segment.to);
  }
  if (cursor < MINUTES_PER_DAY) addIdle(MINUTES_PER_DAY);
  return segments;
}

/** Capped at the longest booking anyone may make, and at 23:59, the last time the form takes on the same day. */
export function offeredTimes(gap: Span): { start: string; end: string } {
  const end = Math.min(gap.to, gap.from + MAX_HOURS_HOME_CLASS * 60, MINUTES_PER_DAY - 1);
  return { start: formatMinutes(gap.from), end: formatMinutes(end) };
}

export type NowStatus = { kind: 'busy'; name: string; class: string; until: string } | { kind: 'free'; until: string | undefined };

export function nowStatus(todayBookings: DayBooking[], now: number): NowStatus {
  const spans = todayBookings.flatMap((booking) => {
    const span = bookedSpan(booking);
    return span ? [{ booking, ...span }] : [];
  });
  const running = spans.filter((span) => span.from <= now && now < span.to).sort((a, b) => b.to - a.to)[0];
  if (running) return { kind: 'busy', name: running.booking.name, class: running.booking.class, until: running.booking.end };
  const next = spans.filter((span) => span.from > now).sort((a, b) => a.from - b.from)[0];
  return { kind: 'free', until: next ? formatMinutes(next.from) : undefined };
}
