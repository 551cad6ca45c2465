import { nameKey } from '../text/name-key';
import { findMinutes, formatMinutes, MINUTES_PER_DAY, type MinuteSpan } from '../time/clock';

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
 * The next span of the requested length on the same day sharing no minute with `taken`: starting where a taken span ends, after the
 * requested start and not before `earliest`, ending by 23:59. Same length, so the class and daily limits hold as for the request.
 */
export function nextFreeSpan(
  requested: { start: string; end: string },
  taken: readonly MinuteSpan[],
  earliest = 0,
): { start: string; end: string } | undefined {
  const start = findMinutes(requested.start);
  const end = findMinutes(requested.end);
  if (start === undefined || end === undefined || end <= start) return undefined;
  const length = end - start;
  const candidates = [...new Set(taken.map((span) => span.to))].filter((from) => from > start && from >= earliest).sort((a, b) => a - b);
  const free = candidates.find(
    (from) => from + length <= LAST_END_MINUTE && taken.every((span) => span.to <= from || span.from >= from + length),
  );
  return free === undefined ? undefined : { start: formatMinutes(free), end: formatMinutes(free + length) };
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
