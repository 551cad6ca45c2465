import { findMinutes, MINUTES_PER_DAY, type MinuteSpan } from './clock';

/** A minute of the app's wall clock: `YYYY-MM-DD` and `HH:MM`. */
export interface LocalMoment {
  date: string;
  time: string;
}

/** The one number moments are compared by: minutes since 1970-01-01 00:00 on the wall clock. Undefined for a time not `HH:MM`. */
export function findInstant(moment: LocalMoment): number | undefined {
  const minutes = findMinutes(moment.time);
  return minutes === undefined ? undefined : midnightOf(moment.date) + minutes;
}

export function midnightOf(date: string): number {
  return epochDay(date) * MINUTES_PER_DAY;
}

/** Days since 1970-01-01 as Date counts them, by arithmetic (Hinnant's days_from_civil): the booking rules count them in a loop. */
function epochDay(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  // Years from March, so a leap day ends its year; eras of 400 years repeat.
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** Open-ended without `end`. Undefined when a time is not `HH:MM`; an end not after the start gives a span without minutes. */
export function findSpanMinutes(start: LocalMoment, end: LocalMoment | undefined): MinuteSpan | undefined {
  const from = findInstant(start);
  const to = end === undefined ? Number.POSITIVE_INFINITY : findInstant(end);
  return from === undefined || to === undefined ? undefined : { from, to };
}

/** The one overlap rule. Half-open, so 08:00–10:00 and 10:00–12:00 do not overlap. */
export function overlaps(a: MinuteSpan, b: MinuteSpan): boolean {
  return a.from < b.to && b.from < a.to;
}
