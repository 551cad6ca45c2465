import type { BookingSpan } from '../booking/booking-rules';
import { MINUTES_PER_DAY } from '../booking/limits';
import { messages } from '../text/messages';
import { addDays, findMinutes, formatIndonesianDate } from '../time/clock';
import type { LocalMoment } from '../time/moment';

/** A `Tidak tersedia` period on the app's wall clock; `until` null means open-ended. `until` is exclusive. */
export interface OutOfServicePeriod {
  fromDate: string;
  fromTime: string;
  untilDate: string | null;
  untilTime: string | null;
  reason: string;
}

/** What the admin or the owner chooses for the bookings already inside a period. */
export type OutOfServiceDecision = 'cancel' | 'keep';

function momentKey(date: string, time: string): string {
  return `${date} ${time}`;
}

function periodEndKey(period: OutOfServicePeriod): string | undefined {
  return period.untilDate === null || period.untilTime === null ? undefined : momentKey(period.untilDate, period.untilTime);
}

/** True when the booking and the period share a minute; touching edges (a booking ending as the period starts) do not. */
export function overlapsPeriod(span: BookingSpan, period: OutOfServicePeriod): boolean {
  const end = periodEndKey(period);
  const startsBeforePeriodEnds = end === undefined || momentKey(span.date, span.start) < end;
  return startsBeforePeriodEnds && momentKey(period.fromDate, period.fromTime) < momentKey(span.endDate, span.end);
}

/** The first period (by its start) a booking would fall into, if any. */
export function findBlockingPeriod<P extends OutOfServicePeriod>(span: BookingSpan, periods: readonly P[]): P | undefined {
  return [...periods]
    .sort((a, b) => momentKey(a.fromDate, a.fromTime).localeCompare(momentKey(b.fromDate, b.fromTime)))
    .find((period) => overlapsPeriod(span, period));
}

/** `Motor tidak tersedia ({alasan}) sampai {tanggal} jam {HH:MM}.`, or without `sampai` when open-ended: the refusal and the status line. */
export function outOfServiceText(period: OutOfServicePeriod): string {
  if (period.untilDate === null || period.untilTime === null) return messages.outOfService.refusalOpen(period.reason);
  return messages.outOfService.refusal(period.reason, formatIndonesianDate(period.untilDate), period.untilTime);
}

/** The bookings not cancelled that a new period would hit. */
export function bookingsInside<B extends BookingSpan>(bookings: readonly B[], period: OutOfServicePeriod): B[] {
  return bookings.filter((booking) => overlapsPeriod(booking, period));
}

/** The period the bike is in at `now`, if any. */
export function currentPeriod<P extends OutOfServicePeriod>(periods: readonly P[], now: LocalMoment): P | undefined {
  const at = momentKey(now.date, now.time);
  return periods.find((period) => {
    const end = periodEndKey(period);
    return momentKey(period.fromDate, period.fromTime) <= at && (end === undefined || at < end);
  });
}

/** Minutes of `date` the period covers (`to` exclusive, at most 1440), or undefined when it misses the day. */
export function periodSpanOn(date: string, period: OutOfServicePeriod): { from: number; to: number } | undefined {
  const dayStart = momentKey(date, '00:00');
  const nextDay = momentKey(addDays(date, 1), '00:00');
  const start = momentKey(period.fromDate, period.fromTime);
  const end = periodEndKey(period);
  if (start >= nextDay || (end !== undefined && end <= dayStart)) return undefined;
  const from = start <= dayStart ? 0 : (findMinutes(period.fromTime) ?? 0);
  const to = end === undefined || end >= nextDay ? MINUTES_PER_DAY : (findMinutes(period.untilTime ?? '') ?? MINUTES_PER_DAY);
  return to > from ? { from, to } : undefined;
}

/** Over at `now`: ended early by someone, or its `until` reached. An over period is history and is not edited. */
export function isPeriodOver(period: OutOfServicePeriod & { ended: unknown }, now: LocalMoment): boolean {
  const end = periodEndKey(period);
  return period.ended !== null || (end !== undefined && end <= momentKey(now.date, now.time));
}

/** The bookings an edit brings inside that the period did not reach before (those it already treated are left out too). */
export function bookingsNewlyInside<B extends BookingSpan & { id: number }>(
  bookings: readonly B[],
  before: OutOfServicePeriod,
  after: OutOfServicePeriod,
  treated: ReadonlySet<number>,
): B[] {
  return bookings.filter((booking) => overlapsPeriod(booking, after) && !overlapsPeriod(booking, before) && !treated.has(booking.id));
}
