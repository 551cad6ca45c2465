import { type BookingSpan, type FieldErrors, findClash, intervalOn, lastBookableDate } from '../booking/booking-rules';
import { type Bike, bikeCandidates } from '../motor/bikes';
import { type OutOfServicePeriod, periodSpanOn } from '../out-of-service/out-of-service';
import { messages } from '../text/messages';
import { findMinutes, formatIndonesianDate, formatMinutes, type MinuteSpan } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { waitingListMessages } from './waiting-list-messages';

/** Waits open or offered (their hold not passed) per linked chat and per roster name (issue 40). */
export const MAX_OPEN_WAITS = 3;
/** Waits accepted per address in ADDRESS_LIMIT_WINDOW_MS, whatever device or name asks. */
export const WAITS_PER_ADDRESS_PER_HOUR = 20;
/** Waits an offer round checks under the booking lock; the rest wait for the next round. */
export const MAX_WAITS_CHECKED_PER_ROUND = 10;
export const OFFER_HOLD_MINUTES = 15;
/** A part of a wanted span this long is worth offering; the whole span is, however short. */
export const MIN_OFFER_MINUTES = 30;

/** A wanted or offered span on one date, `end` exclusive. */
export interface DaySpan {
  date: string;
  start: string;
  end: string;
}

/** A wait: the span wanted and the parts of it taken when asked, the only parts it may be offered. */
export interface WantedSpan extends DaySpan {
  taken: readonly MinuteSpan[];
}

export interface WaitFacts {
  today: string;
  timeNow: string;
  horizonDays: number;
  /** The most waits open or offered of the asking device's chats, or of the name. */
  openWaits: number;
  /** takenParts of the span when asked. */
  taken: readonly MinuteSpan[];
}

/** `Kabari saya kalau kosong`: a span not over, today to the horizon, partly booked, out of service or held, under MAX_OPEN_WAITS. */
export function checkWait(span: DaySpan, facts: WaitFacts): FieldErrors {
  const start = findMinutes(span.start);
  const end = findMinutes(span.end);
  if (start === undefined || end === undefined || end <= start) return { end: messages.endNotAfterStart };
  if (span.date < facts.today) return { date: messages.dateInPast };
  if (span.date > lastBookableDate(facts.today, facts.horizonDays)) return { date: messages.dateBeyondHorizon(facts.horizonDays) };
  if (span.date === facts.today && end <= (findMinutes(facts.timeNow) ?? 0)) return { end: messages.startInPast };
  if (facts.openWaits >= MAX_OPEN_WAITS) return { date: waitingListMessages.tooMany(MAX_OPEN_WAITS) };
  if (facts.taken.length === 0) return { start: waitingListMessages.stillFree };
  return {};
}

/** The minutes of `span` still to come at `now` that `busy` covers, merged: what a wait for it may later be offered. */
export function takenParts(span: DaySpan, busy: readonly MinuteSpan[], now: LocalMoment): MinuteSpan[] {
  const { from, end } = spanFromNow(span, now) ?? { from: 0, end: 0 };
  const parts: MinuteSpan[] = [];
  for (const range of [...busy].sort((a, b) => a.from - b.from)) {
    const part = { from: Math.max(range.from, from), to: Math.min(range.to, end) };
    if (part.from >= part.to) continue;
    const last = parts.at(-1);
    if (last && part.from <= last.to) last.to = Math.max(last.to, part.to);
    else parts.push(part);
  }
  return parts;
}

/** The minutes taken on every bike a wait may be offered (0062): one free on any of them can be booked at once. */
export function takenOnEveryBike(span: DaySpan, busyByBike: readonly (readonly MinuteSpan[])[], now: LocalMoment): MinuteSpan[] {
  const [first = [], ...rest] = busyByBike.map((busy) => takenParts(span, busy, now));
  return rest.reduce(intersectParts, first);
}

/** Both lists sorted and disjoint, so is their intersection. */
function intersectParts(a: readonly MinuteSpan[], b: readonly MinuteSpan[]): MinuteSpan[] {
  return a.flatMap((x) =>
    b.flatMap((y) => {
      const part = { from: Math.max(x.from, y.from), to: Math.min(x.to, y.to) };
      return part.from < part.to ? [part] : [];
    }),
  );
}

/** The bikes a wait may be offered, in the Motor tab's order: its own while active, or every active one for `Motor mana saja`. */
export function bikesOfWait(bikes: readonly Bike[], wait: { motorbikeId: number; anyBike: boolean }): Bike[] {
  const choice = bikeCandidates(bikes, wait.anyBike ? undefined : wait.motorbikeId);
  return choice.kind === 'candidates' ? choice.bikes : [];
}

/** Stored as `600-720,840-960`; a wait stored before issue 40 has none: all of its span counts as taken. */
export function formatTakenParts(parts: readonly MinuteSpan[]): string {
  return parts.map((part) => `${part.from}-${part.to}`).join(',');
}

export function parseTakenParts(stored: string | null, span: DaySpan): MinuteSpan[] {
  if (stored === null) {
    const start = findMinutes(span.start);
    const end = findMinutes(span.end);
    return start === undefined || end === undefined ? [] : [{ from: start, to: end }];
  }
  return stored
    .split(',')
    .map((part) => part.split('-').map(Number))
    .flatMap(([from, to]) => (from !== undefined && to !== undefined && from < to ? [{ from, to }] : []));
}

function spanFromNow(span: DaySpan, now: LocalMoment): { start: number; from: number; end: number } | undefined {
  const start = findMinutes(span.start);
  const end = findMinutes(span.end);
  if (start === undefined || end === undefined || isWaitOver(span, now)) return undefined;
  return { start, from: span.date === now.date ? Math.max(start, findMinutes(now.time) ?? 0) : start, end };
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

type OfBike<T> = T & { motorbikeId: number };

export interface BikesBusyFacts {
  bookings: readonly OfBike<BusyFacts['bookings'][number]>[];
  periods: readonly OfBike<OutOfServicePeriod>[];
  holds: readonly OfBike<DaySpan>[];
}

/** busyRangesOn for one bike: its own bookings, periods and holds. */
export function busyRangesOfBike(date: string, facts: BikesBusyFacts, motorbikeId: number): MinuteSpan[] {
  const own = <T extends { motorbikeId: number }>(rows: readonly T[]) => rows.filter((row) => row.motorbikeId === motorbikeId);
  return busyRangesOn(date, { bookings: own(facts.bookings), periods: own(facts.periods), holds: own(facts.holds) });
}

function onItsDate(span: DaySpan): BookingSpan {
  return { ...span, endDate: span.date };
}

/**
 * The part of a wait's taken parts freed at `now`: a whole taken part, however short, or its longest
 * free run of at least MIN_OFFER_MINUTES (the longest of all, the earliest of equals); undefined when none.
 */
export function freeSpanToOffer(wanted: WantedSpan, busy: readonly MinuteSpan[], now: LocalMoment): DaySpan | undefined {
  const bounds = spanFromNow(wanted, now);
  if (!bounds) return undefined;
  let best: MinuteSpan | undefined;
  for (const part of wanted.taken) {
    const from = Math.max(part.from, bounds.from);
    const to = Math.min(part.to, bounds.end);
    for (const run of freeRuns({ from, to }, busy)) {
      const whole = run.from === part.from && run.to === part.to;
      if (!whole && run.to - run.from < MIN_OFFER_MINUTES) continue;
      if (!best || run.to - run.from > best.to - best.from) best = run;
    }
  }
  return best && { date: wanted.date, start: formatMinutes(best.from), end: formatMinutes(best.to) };
}

function freeRuns(within: MinuteSpan, busy: readonly MinuteSpan[]): MinuteSpan[] {
  const runs: MinuteSpan[] = [];
  let cursor = within.from;
  for (const range of busy) {
    if (range.to <= cursor) continue;
    if (range.from >= within.to) break;
    if (range.from > cursor) runs.push({ from: cursor, to: range.from });
    cursor = Math.max(cursor, range.to);
  }
  if (cursor < within.to) runs.push({ from: cursor, to: within.to });
  return runs;
}

/** The first hold a new booking's span would enter, by the hold's end. */
export function findHold<H extends DaySpan>(span: BookingSpan, holds: readonly H[]): H | undefined {
  return holds.find((hold) => findClash(span, [onItsDate(hold)]) !== undefined);
}

/** `holdUntil`: the hold's end as a wall-clock time HH:MM. */
export function offerText(span: DaySpan, holdUntil: string): string {
  return waitingListMessages.offer(formatIndonesianDate(span.date), span.start, span.end, holdUntil);
}

/** `bike`: the booked bike's name, only when bikes are named (0060); a press's answer is plain text, not the chat's Markdown. */
export function takenText(name: string, span: DaySpan, bike?: string): string {
  const text = waitingListMessages.taken(name, formatIndonesianDate(span.date), span.start, span.end);
  return bike === undefined ? text : `${text}\n${waitingListMessages.bikeLine(bike)}`;
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
