import { type BookingSpan, type FieldErrors, findClash, intervalOn, lastBookableDate } from '../booking/booking-rules';
import { type OutOfServicePeriod, periodSpanOn } from '../out-of-service/out-of-service';
import { messages } from '../text/messages';
import { findMinutes, formatIndonesianDate, formatMinutes, type MinuteSpan } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { waitingListMessages } from './waiting-list-messages';

export const MAX_WAITS_PER_DEVICE = 3;
export const OFFER_HOLD_MINUTES = 15;
/** A part of a wanted span this long is worth offering; the whole span is, however short. */
export const MIN_OFFER_MINUTES = 30;

/** A wanted or offered span on one date, `end` exclusive. */
export interface DaySpan {
  date: string;
  start: string;
  end: string;
}

export interface WaitFacts {
  today: string;
  timeNow: string;
  horizonDays: number;
  openWaits: number;
}

/** `Kabari saya kalau kosong`: a span of a date from today to the horizon not over yet, while the device has fewer than the most waits. */
export function checkWait(span: DaySpan, facts: WaitFacts): FieldErrors {
  const start = findMinutes(span.start);
  const end = findMinutes(span.end);
  if (start === undefined || end === undefined || end <= start) return { end: messages.endNotAfterStart };
  if (span.date < facts.today) return { date: messages.dateInPast };
  if (span.date > lastBookableDate(facts.today, facts.horizonDays)) return { date: messages.dateBeyondHorizon(facts.horizonDays) };
  if (span.date === facts.today && end <= (findMinutes(facts.timeNow) ?? 0)) return { end: messages.startInPast };
  if (facts.openWaits >= MAX_WAITS_PER_DEVICE) return { date: waitingListMessages.tooMany(MAX_WAITS_PER_DEVICE) };
  return {};
}

/** Whether a wait's date and span are over at `now`: it can no longer be offered. */
export function isWaitOver(span: DaySpan, now: LocalMoment): boolean {
  return span.date < now.date || (span.date === now.date && span.end <= now.time);
}

/** What keeps a date's minutes from being offered: its bookings, its out-of-service periods, the holds of other offers. */
export interface BusyFacts {
  bookings: readonly { date: string; start: string; end: string; endDate: string }[];
  periods: readonly OutOfServicePeriod[];
  holds: readonly DaySpan[];
}

export function busyRangesOn(date: string, facts: BusyFacts): MinuteSpan[] {
  const ranges = [
    ...facts.bookings.map((booking) => intervalOn(date, booking)),
    ...facts.periods.map((period) => periodSpanOn(date, period)),
    ...facts.holds.filter((hold) => hold.date === date).map((hold) => intervalOn(date, onItsDate(hold))),
  ];
  return ranges.filter((range) => range !== undefined).sort((a, b) => a.from - b.from);
}

function onItsDate(span: DaySpan): BookingSpan {
  return { ...span, endDate: span.date };
}

/**
 * The part of a wanted span to offer at `now`: all of what is left of it when that is free, else its
 * longest free run of at least MIN_OFFER_MINUTES (the earliest of equals); undefined when none.
 */
export function freeSpanToOffer(wanted: DaySpan, busy: readonly MinuteSpan[], now: LocalMoment): DaySpan | undefined {
  const start = findMinutes(wanted.start);
  const end = findMinutes(wanted.end);
  if (start === undefined || end === undefined || isWaitOver(wanted, now)) return undefined;
  const from = wanted.date === now.date ? Math.max(start, findMinutes(now.time) ?? 0) : start;
  const runs: MinuteSpan[] = [];
  let cursor = from;
  for (const range of busy) {
    if (range.to <= cursor) continue;
    if (range.from >= end) break;
    if (range.from > cursor) runs.push({ from: cursor, to: range.from });
    cursor = Math.max(cursor, range.to);
  }
  if (cursor < end) runs.push({ from: cursor, to: end });
  const whole = runs.length === 1 && runs[0]?.from === from && runs[0].to === end && from === start;
  const best = runs.reduce<MinuteSpan | undefined>(
    (longest, run) => (!longest || run.to - run.from > longest.to - longest.from ? run : longest),
    undefined,
  );
  if (!best || (!whole && best.to - best.from < MIN_OFFER_MINUTES)) return undefined;
  return { date: wanted.date, start: formatMinutes(best.from), end: formatMinutes(best.to) };
}

/** The first hold a new booking's span would enter, by the hold's end. */
export function findHold<H extends DaySpan>(span: BookingSpan, holds: readonly H[]): H | undefined {
  return holds.find((hold) => findClash(span, [onItsDate(hold)]) !== undefined);
}

export function offerText(span: DaySpan): string {
  return waitingListMessages.offer(formatIndonesianDate(span.date), span.start, span.end);
}

export function takenText(name: string, span: DaySpan): string {
  return waitingListMessages.taken(name, formatIndonesianDate(span.date), span.start, span.end);
}

export type OfferAction = 'take' | 'skip';
const OFFER_PREFIX: Record<OfferAction, string> = { take: 'wa', skip: 'ws' };

/** Presses on an offer: prefixes of their own, the offer's id. */
export function parseOfferCallback(data: string): { action: OfferAction; offerId: number } | undefined {
  const [prefix, id, ...rest] = data.split(':');
  if (id === undefined || rest.length > 0 || !/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const action = (Object.keys(OFFER_PREFIX) as OfferAction[]).find((key) => OFFER_PREFIX[key] === prefix);
  return action && { action, offerId: Number(id) };
}

export function offerCallbackData(action: OfferAction, offerId: number): string {
  return `${OFFER_PREFIX[action]}:${offerId}`;
}
