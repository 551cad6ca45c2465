import { type BookingSpan, findBookingMinutes } from '../booking/booking-rules';
import { messages } from '../text/messages';
import { formatIndonesianDate, type MinuteSpan, partOfDay } from '../time/clock';
import { findInstant, findSpanMinutes, type LocalMoment, midnightOf, overlaps } from '../time/moment';

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

function findPeriodMinutes(period: OutOfServicePeriod): MinuteSpan | undefined {
  const until = period.untilDate === null || period.untilTime === null ? undefined : { date: period.untilDate, time: period.untilTime };
  return findSpanMinutes({ date: period.fromDate, time: period.fromTime }, until);
}

/** True when the booking and the period overlap; touching edges (a booking ending as the period starts) do not. */
export function overlapsPeriod(span: BookingSpan, period: OutOfServicePeriod): boolean {
  const booked = findBookingMinutes(span);
  const out = findPeriodMinutes(period);
  return booked !== undefined && out !== undefined && overlaps(booked, out);
}

/** The first period (by its start) a booking would fall into, if any. */
export function findBlockingPeriod<P extends OutOfServicePeriod>(span: BookingSpan, periods: readonly P[]): P | undefined {
  const booked = findBookingMinutes(span);
  if (booked === undefined) return undefined;
  const blocking = periods.flatMap((period) => {
    const out = findPeriodMinutes(period);
    return out !== undefined && overlaps(booked, out) ? [{ period, from: out.from }] : [];
  });
  return blocking.sort((a, b) => a.from - b.from)[0]?.period;
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

export function currentPeriod<P extends OutOfServicePeriod>(periods: readonly P[], now: LocalMoment): P | undefined {
  const at = findInstant(now);
  if (at === undefined) return undefined;
  return periods.find((period) => {
    const out = findPeriodMinutes(period);
    return out !== undefined && out.from <= at && at < out.to;
  });
}

/** Minutes of `date` the period covers (`to` exclusive, at most 1440), or undefined when it misses the day. */
export function periodSpanOn(date: string, period: OutOfServicePeriod): MinuteSpan | undefined {
  const out = findPeriodMinutes(period);
  return out && partOfDay(out, midnightOf(date));
}

/** The parts of `date` the periods cover, for the timeline and the week strip. */
export function unavailableSpansOn(date: string, periods: readonly OutOfServicePeriod[]): ({ reason: string } & MinuteSpan)[] {
  return periods.flatMap((period) => {
    const span = periodSpanOn(date, period);
    return span ? [{ reason: period.reason, ...span }] : [];
  });
}

/** Over at `now`: ended early by someone, or its `until` reached. An over period is history and is not edited. */
export function isPeriodOver(period: OutOfServicePeriod & { ended: unknown }, now: LocalMoment): boolean {
  if (period.ended !== null) return true;
  const out = findPeriodMinutes(period);
  const at = findInstant(now);
  return out !== undefined && at !== undefined && out.to <= at;
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
