import { addDays } from './clock';

/** Days of past bookings the public calendar feed keeps, so yesterday's loans do not vanish from phones at once. */
export const FEED_DAYS_BACK = 7;
/** Days ahead the feed reaches. */
export const FEED_DAYS_AHEAD = 60;
/** How often calendar apps are asked to poll the feed, in seconds. */
export const FEED_REFRESH_SECONDS = 60 * 60;

/** The dates whose bookings (by the date they start) the feed holds, both ends included. */
export function feedWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
}
