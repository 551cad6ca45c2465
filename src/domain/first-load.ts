import { addDays, startOfWeek } from './clock';
import type { ListBookingsRangeResponse, ListBookingsResponse, TodayResponse } from './schemas/bookings';

/**
 * What the availability page needs first, sent inside the HTML of `/` so the page shows the
 * schedule without asking for it: the server's clock, the week of the chosen day (today's
 * without one) and today's bookings when today is not in that week.
 */
export interface FirstLoad {
  clock: TodayResponse;
  week: ListBookingsRangeResponse;
  today?: ListBookingsResponse;
}

/** The id of the `<script type="application/json">` element that carries it. */
export const FIRST_LOAD_ELEMENT_ID = 'first-load';

/** The week the page loads for `chosen` (a date from the URL) or, without one, for today: Monday to Sunday. */
export function weekShownFor(today: string, chosen: string | undefined): { from: string; to: string } {
  const from = startOfWeek(chosen ?? today);
  return { from, to: addDays(from, 6) };
}

/**
 * JSON text safe inside a `<script>` element: no `</script>` or `<!--` a name could carry can end
 * it early, and the two line separators JavaScript once refused are escaped too. Structural JSON
 * has none of these characters, so only strings change, into equal escapes.
 */
export function jsonForScriptElement(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
