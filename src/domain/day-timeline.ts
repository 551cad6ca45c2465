import { findMinutes, formatMinutes } from './clock';
import { MAX_HOURS_HOME_CLASS, MINUTES_PER_DAY } from './limits';
import type { DayBooking } from './schemas/bookings';

/** Free time shorter than this is not offered for booking. */
export const MIN_GAP_MINUTES = 15;

/** Offered start times fall on these steps when a gap has already begun. */
export const QUARTER_MINUTES = 15;

/** A span of one day in minutes since its midnight: `from` inclusive, `to` exclusive (at most 1440). */
export interface Span {
  from: number;
  to: number;
}

export type TimelineSegment =
  | ({ kind: 'booking'; booking: DayBooking } & Span)
  /** Free time a student can still book. */
  | ({ kind: 'free' } & Span)
  /** Time already gone: free before now, or a whole past day's free time. */
  | ({ kind: 'past' } & Span);

/** The minute `minutes` rounded up to the next quarter hour (10:01 → 10:15; 10:15 stays). */
export function roundUpToQuarter(minutes: number): number {
  return Math.ceil(minutes / QUARTER_MINUTES) * QUARTER_MINUTES;
}

/** 'HH:MM' of a minute of the day, where the day's end is '24:00' rather than the next day's '00:00'. */
export function formatDayMinute(minutes: number): string {
  return minutes >= MINUTES_PER_DAY ? '24:00' : formatMinutes(minutes);
}

/**
 * The part of the day a booking as listed for it takes: a loan continuing from the previous day
 * starts at 00:00, one continuing to the next day ends at 24:00. Undefined for unreadable times.
 */
export function bookedSpan(booking: DayBooking): Span | undefined {
  const start = findMinutes(booking.start);
  const end = findMinutes(booking.end);
  if (start === undefined || end === undefined) return undefined;
  const span = { from: booking.continuesFromPreviousDay ? 0 : start, to: booking.continuesNextDay ? MINUTES_PER_DAY : end };
  return span.to > span.from ? span : undefined;
}

/** Minutes of the day the bookings take, overlaps counted once. */
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
 * The whole day from 00:00 to 24:00 as consecutive segments in time order: the bookings as
 * listed, and the time between them as free or past. `bookableFrom` is the first minute a new
 * booking may start (now rounded up to a quarter hour today, 0 on a future day, undefined on a
 * past day): free time before it is past, and free time after it shorter than MIN_GAP_MINUTES
 * is left out, since nobody can book it. Overlapping bookings (rows imported from the original
 * app) are shown as they are; the free time is what none of them covers.
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

/**
 * The times a free gap's link fills in the form: its start, and its end capped at the longest
 * booking anyone may make (start + 4 h). A gap running to midnight ends at 23:59, the last time
 * the form takes on the same day.
 */
export function offeredTimes(gap: Span): { start: string; end: string } {
  const end = Math.min(gap.to, gap.from + MAX_HOURS_HOME_CLASS * 60, MINUTES_PER_DAY - 1);
  return { start: formatMinutes(gap.from), end: formatMinutes(end) };
}

export type NowStatus =
  | { kind: 'busy'; name: string; class: string; until: string }
  /** `until` is the next booking's start today; undefined when nothing else is booked today. */
  | { kind: 'free'; until: string | undefined };

/** Who has the bike at minute `now` of today, given today's bookings; a booking ending at `now` is over. */
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
