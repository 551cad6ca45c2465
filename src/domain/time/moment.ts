import { epochDay, findMinutes, MINUTES_PER_DAY } from './clock';

/** A minute of the app's wall clock: `YYYY-MM-DD` and `HH:MM`. */
export interface LocalMoment {
  date: string;
  time: string;
}

/**
 * Wall-clock minutes, `to` exclusive. Counted from 1970-01-01 00:00 (findSpanMinutes), or from one day's
 * midnight (partOfDay), where minutes of the day before are below zero and those of the next past 1440.
 */
export interface MinuteSpan {
  from: number;
  to: number;
}

/** The one number moments are compared by: minutes since 1970-01-01 00:00 on the wall clock. Undefined for a time not `HH:MM`. */
export function findInstant(moment: LocalMoment): number | undefined {
  const minutes = findMinutes(moment.time);
  return minutes === undefined ? undefined : midnightOf(moment.date) + minutes;
}

export function midnightOf(date: string): number {
  return epochDay(date) * MINUTES_PER_DAY;
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

/** The part of `span` in the day from minute `midnight`, counted from that midnight (at most 1440); undefined when it has none. */
export function partOfDay(span: MinuteSpan, midnight: number): MinuteSpan | undefined {
  const from = Math.max(span.from, midnight) - midnight;
  const to = Math.min(span.to, midnight + MINUTES_PER_DAY) - midnight;
  return to > from ? { from, to } : undefined;
}
