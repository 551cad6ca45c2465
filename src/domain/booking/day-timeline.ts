import { type BookingState, bookingState, bookingStateLabel, LATE_REACH_MINUTES } from '../handover/handover';
import type { DayBooking, LoanOut } from '../schemas/bookings';
import { messages } from '../text/messages';
import { addDays, findMinutes, formatMinutes, MINUTES_PER_DAY, type MinuteSpan, partOfDay } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { MAX_HOURS_OTHER_CLASS, maxHoursPerBooking } from './limits';

export const MIN_GAP_MINUTES = 15;

export const QUARTER_MINUTES = 15;

export type TimelineSegment =
  | ({ kind: 'booking'; booking: DayBooking } & MinuteSpan)
  | ({ kind: 'free' } & MinuteSpan)
  /** Free before now, or a whole past day's free time. */
  | ({ kind: 'past' } & MinuteSpan)
  /** A `Tidak tersedia` period's part of the day (issue 27): no free gap is offered inside it. */
  | ({ kind: 'unavailable'; reason: string } & MinuteSpan);

export function roundUpToQuarter(minutes: number): number {
  return Math.ceil(minutes / QUARTER_MINUTES) * QUARTER_MINUTES;
}

/**
 * Where a day's free gaps start to be offered: today from now (rounded up to a quarter), none on a
 * past day, and while a loan is late not before LATE_REACH_MINUTES from now, which the server refuses (0038).
 */
export function firstBookableMinute(date: string, now: { date: string; minutes: number }, loanLate: boolean): number | undefined {
  if (date < now.date) return undefined;
  const from = loanLate ? now.minutes + LATE_REACH_MINUTES : now.minutes;
  if (date === now.date) return Math.min(MINUTES_PER_DAY, roundUpToQuarter(from));
  if (date === addDays(now.date, 1) && from > MINUTES_PER_DAY) return roundUpToQuarter(from - MINUTES_PER_DAY);
  return 0;
}

/** The day's end is '24:00', not the next day's '00:00'. */
export function formatDayMinute(minutes: number): string {
  return minutes >= MINUTES_PER_DAY ? '24:00' : formatMinutes(minutes);
}

/** Minutes since the shown day's midnight, at most 1440. */
export function bookedSpan(booking: DayBooking): MinuteSpan | undefined {
  const start = findMinutes(booking.start);
  const end = findMinutes(booking.end);
  if (start === undefined || end === undefined) return undefined;
  const from = booking.continuesFromPreviousDay ? start - MINUTES_PER_DAY : start;
  const to = booking.continuesNextDay ? end + MINUTES_PER_DAY : end;
  return partOfDay({ from, to }, 0);
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
export function dayTimeline(
  bookings: DayBooking[],
  bookableFrom: number | undefined,
  unavailable: readonly ({ reason: string } & MinuteSpan)[] = [],
): TimelineSegment[] {
  const booked: TimelineSegment[] = [
    ...unavailable.map((span) => ({ kind: 'unavailable' as const, ...span })),
    ...bookings.flatMap((booking) => {
      const span = bookedSpan(booking);
      return span ? [{ kind: 'booking' as const, booking, ...span }] : [];
    }),
  ].sort((a, b) => a.from - b.from || a.to - b.to);
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

/** The hours a free gap's link fills: the class limit of the student this device booked for last, else the shorter one. */
export function gapFillHours(rememberedClass: string | undefined): number {
  return rememberedClass ? maxHoursPerBooking(rememberedClass) : MAX_HOURS_OTHER_CLASS;
}

/** Capped at `fillHours`, and at 23:59, the last time the form takes on the same day. */
export function offeredTimes(gap: MinuteSpan, fillHours: number): { start: string; end: string } {
  const end = Math.min(gap.to, gap.from + fillHours * 60, MINUTES_PER_DAY - 1);
  return { start: formatMinutes(gap.from), end: formatMinutes(end) };
}

/** The app's clock as the availability page knows it, with the server's grace before a loan counts as late. */
export interface ScheduleNow {
  date: string;
  minutes: number;
  graceMinutes: number;
}

/** A booking of the day `date` as bookingState sees it: one crossing midnight starts the day before or ends the day after. */
export function dayBookingState(booking: DayBooking, date: string, now: ScheduleNow): BookingState {
  const moment: LocalMoment = { date: now.date, time: formatMinutes(now.minutes) };
  const span = {
    date: booking.continuesFromPreviousDay ? addDays(date, -1) : date,
    start: booking.start,
    end: booking.end,
    endDate: booking.continuesNextDay ? addDays(date, 1) : date,
  };
  return bookingState({ ...span, cancelled: false, stage: booking.stage }, moment, now.graceMinutes);
}

/** A block's heading by its state (0051): booked (`Dipakai`), `Sedang dipakai`, `Terlambat … menit`, `Selesai`, `Tidak diambil`. */
export function timelineBookingLabel(booking: DayBooking, date: string, now: ScheduleNow | undefined): string {
  const state: BookingState | undefined = now
    ? dayBookingState(booking, date, now)
    : booking.stage === 'returned'
      ? { kind: 'done' }
      : booking.stage === 'released'
        ? { kind: 'noShow' }
        : undefined;
  return !state || state.kind === 'scheduled' ? messages.timelineBooked : bookingStateLabel(state);
}

/** The segment the day view opens at: the first one not over by now (0051); none on another day. */
export function openingSegmentIndex(segments: readonly MinuteSpan[], date: string, now: ScheduleNow | undefined): number | undefined {
  if (!now || date !== now.date) return undefined;
  const index = segments.findIndex((segment) => segment.to > now.minutes);
  return index < 0 ? undefined : index;
}

export type NowStatus =
  | { kind: 'busy'; name: string; class: string; until: string }
  | { kind: 'late'; name: string; minutes: number }
  | { kind: 'free'; until: string | undefined };

/**
 * A late loan first: whatever the schedule says, the bike is still out. Then a loan picked up and not returned, from its pickup even before
 * its start (0051). `loansOut`: every such loan of any day (one late since yesterday is not in today's list).
 */
export function nowStatus(todayBookings: DayBooking[], now: ScheduleNow, loansOut: readonly LoanOut[] = []): NowStatus {
  const moment: LocalMoment = { date: now.date, time: formatMinutes(now.minutes) };
  const outStates = loansOut.map((loan) => ({
    loan,
    state: bookingState({ ...loan, cancelled: false, stage: 'pickedUp' }, moment, now.graceMinutes),
  }));
  const late = [
    ...todayBookings.map((booking) => ({ name: booking.name, state: dayBookingState(booking, now.date, now) })),
    ...outStates.map(({ loan, state }) => ({ name: loan.name, state })),
  ]
    .flatMap(({ name, state }) => (state.kind === 'late' ? [{ name, minutes: state.minutes }] : []))
    .sort((a, b) => b.minutes - a.minutes)[0];
  if (late) return { kind: 'late', ...late };
  const out = outStates.find(({ state }) => state.kind === 'inUse')?.loan;
  if (out) return { kind: 'busy', name: out.name, class: out.class, until: out.end };
  const spans = todayBookings.flatMap((booking) => {
    const span = booking.stage === 'returned' || booking.stage === 'released' ? undefined : bookedSpan(booking);
    return span ? [{ booking, ...span }] : [];
  });
  const running = spans.filter((span) => span.from <= now.minutes && now.minutes < span.to).sort((a, b) => b.to - a.to)[0];
  if (running) return { kind: 'busy', name: running.booking.name, class: running.booking.class, until: running.booking.end };
  const next = spans.filter((span) => span.from > now.minutes).sort((a, b) => a.from - b.from)[0];
  return { kind: 'free', until: next ? formatMinutes(next.from) : undefined };
}
