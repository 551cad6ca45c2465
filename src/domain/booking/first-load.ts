import type { ListBookingsRangeResponse, ListBookingsResponse, TodayResponse } from '../schemas/bookings';

/**
 * Sent inside the HTML of `/` so the page shows the schedule without asking: `week` holds the days
 * of the week from `weekStart` inside the public window (none outside it), `today` only when not in `week`.
 */
export interface FirstLoad {
  clock: TodayResponse;
  weekStart: string;
  week?: ListBookingsRangeResponse;
  today?: ListBookingsResponse;
}

export const FIRST_LOAD_ELEMENT_ID = 'first-load';

/** No `</script>` or `<!--` in a name can end the element early; only strings change, into equal escapes. */
export function jsonForScriptElement(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
