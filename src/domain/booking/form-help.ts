import { nameKey } from '../text/name-key';
import { findMinutes, formatMinutes, MINUTES_PER_DAY, type MinuteSpan } from '../time/clock';
import { firstBookableMinute } from './day-timeline';
import { COMMITTEE_FREE_HOURS, MAX_HOURS_PER_DAY, maxHoursPerBooking } from './limits';

/** A typed name this close to exactly one roster name is offered that name (`Maksudnya {nama}?`). */
export const NAME_SUGGESTION_MAX_EDITS = 2;

/** The last minute a same-day booking may end at: the form's `Jam Selesai` takes 23:59 at most. */
const LAST_END_MINUTE = MINUTES_PER_DAY - 1;

/** The reasons offered as chips after the device's own, in this order. */
export const DEFAULT_REASON_CHIPS = ['Kuliah', 'Beli makan', 'Panitia'] as const;

/** Levenshtein distance, stopping once it exceeds `limit` (the answer is then `limit + 1`). */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}

/** The one roster name within NAME_SUGGESTION_MAX_EDITS of `typed` (as name keys); undefined if on the roster, empty or ambiguous. */
export function suggestRosterName(typed: string, names: readonly string[]): string | undefined {
  const key = nameKey(typed);
  if (key === '') return undefined;
  const close = names.filter((name) => editDistance(key, nameKey(name), NAME_SUGGESTION_MAX_EDITS) <= NAME_SUGGESTION_MAX_EDITS);
  if (close.some((name) => nameKey(name) === key)) return undefined;
  return close.length === 1 ? close[0] : undefined;
}

/**
 * The next span of the requested length (at most `maxMinutes`, what the class and daily limits leave) on the same day sharing no minute
 * with `taken`: starting at `earliest` or where a taken span ends, after the requested start and not before `earliest`, ending by 23:59.
 */
export function nextFreeSpan(
  requested: { start: string; end: string },
  taken: readonly MinuteSpan[],
  earliest = 0,
  maxMinutes = MINUTES_PER_DAY,
): { start: string; end: string } | undefined {
  const start = findMinutes(requested.start);
  const end = findMinutes(requested.end);
  if (start === undefined || end === undefined || end <= start || maxMinutes <= 0) return undefined;
  const length = Math.min(end - start, maxMinutes);
  const candidates = [...new Set([earliest, ...taken.map((span) => span.to)])]
    .filter((from) => from > start && from >= earliest)
    .sort((a, b) => a - b);
  const free = candidates.find((from) => from + length <= LAST_END_MINUTE && isFree({ from, to: from + length }, taken));
  return free === undefined ? undefined : { start: formatMinutes(free), end: formatMinutes(free + length) };
}

export function isFree(span: MinuteSpan, taken: readonly MinuteSpan[]): boolean {
  return taken.every((other) => other.to <= span.from || other.from >= span.to);
}

/** What the server's rules leave to `Pakai jam …` as far as the form knows them (no waiting-list hold); `taken`: bookings and `Tidak tersedia`. */
export interface OfferFacts {
  date: string;
  now: { date: string; minutes: number };
  loanLate: boolean;
  taken: readonly MinuteSpan[];
  /** The longest booking the class (or committee) and daily limits leave; undefined for a voucher, which has neither. */
  maxMinutes: number | undefined;
}

/** Only when the form can see why the start was refused (a clash, a `Tidak tersedia` span, a start too soon), a span those rules accept. */
export function offeredSpan(refused: { start: string; end: string }, facts: OfferFacts): { start: string; end: string } | undefined {
  const earliest = firstBookableMinute(facts.date, facts.now, facts.loanLate);
  const start = findMinutes(refused.start);
  const end = findMinutes(refused.end);
  if (earliest === undefined || start === undefined || end === undefined) return undefined;
  if (start >= earliest && isFree({ from: start, to: end }, facts.taken)) return undefined;
  return nextFreeSpan(refused, facts.taken, earliest, facts.maxMinutes);
}

/** The class (or committee) limit per booking, less what would take the day past its total with `bookedMinutes` already booked. */
export function minutesLeft(userClass: string, committee: boolean, bookedMinutes: number): number {
  const perBooking = committee ? COMMITTEE_FREE_HOURS : maxHoursPerBooking(userClass);
  const perDay = committee ? COMMITTEE_FREE_HOURS : MAX_HOURS_PER_DAY;
  return Math.min(perBooking * 60, perDay * 60 - bookedMinutes);
}

/** The chips under `Alasan`: this device's past reasons, newest first, then the defaults, each once. */
export function reasonChips(pastReasons: readonly string[], max = 6): string[] {
  const chips: string[] = [];
  for (const reason of [...pastReasons, ...DEFAULT_REASON_CHIPS]) {
    const trimmed = reason.trim();
    if (trimmed !== '' && !chips.some((chip) => chip.toLowerCase() === trimmed.toLowerCase())) chips.push(trimmed);
  }
  return chips.slice(0, max);
}
