import { addDays, startOfWeek } from './clock';
import type { ListBookingsRangeResponse, ListBookingsResponse, TodayResponse } from './schemas/bookings';

/** Sent inside the HTML of `/` so the page shows the schedule without asking; `today` only when not in `week`. */
export interface FirstLoad {
  clock: TodayResponse;
  week: ListBookingsRangeResponse;
  today?: ListBookingsResponse;
}

export const FIRST_LOAD_ELEMENT_ID = 'first-load';

export function weekShownFor(today: string, chosen: string | undefined): { from: string; to: string } {
  const from = startOfWeek(chosen ?? today);
  return { from, to: addDays(from, 6) };
}

/** No `</script>` or `<!--` in a name can end the element early; only strings change, into equal escapes. */
export function jsonForScriptElement(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
