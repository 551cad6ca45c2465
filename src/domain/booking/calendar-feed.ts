import { addDays } from '../time/clock';

// Kept so yesterday's loans do not vanish from phones at once.
export const FEED_DAYS_BACK = 7;
export const FEED_DAYS_AHEAD = 60;
export const FEED_REFRESH_SECONDS = 60 * 60;

/** By the date bookings start, both ends included. */
export function feedWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
}
