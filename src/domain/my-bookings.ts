import { z } from 'zod';
import type { LocalMoment } from './cancellation';
import { addDays } from './clock';
import { bookingSpanShape } from './schemas/bookings';

/** One booking this device made, as kept in `localStorage.myBookings`: its cancel secret and what the card shows. */
export const myBookingSchema = z.object({
  token: z.string(),
  ...bookingSpanShape,
  name: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

/** How long a booking stays on the device after it ended. */
export const MY_BOOKINGS_KEEP_DAYS = 7;

const isBefore = (a: LocalMoment, b: LocalMoment) => a.date < b.date || (a.date === b.date && a.time < b.time);

/**
 * The stored list as read back: entries that are not bookings (another version, a hand edit)
 * are dropped one by one rather than losing the whole list.
 */
export function parseMyBookings(stored: unknown): MyBooking[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = myBookingSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Drops bookings that ended more than MY_BOOKINGS_KEEP_DAYS days before `now`. */
export function pruneMyBookings(bookings: MyBooking[], now: LocalMoment): MyBooking[] {
  const keepFrom = { date: addDays(now.date, -MY_BOOKINGS_KEEP_DAYS), time: now.time };
  return bookings.filter((booking) => !isBefore({ date: booking.endDate, time: booking.end }, keepFrom));
}

/** Bookings that have not started at `now` (the ones the borrower may still cancel), soonest first. */
export function upcomingMyBookings(bookings: MyBooking[], now: LocalMoment): MyBooking[] {
  return bookings
    .filter((booking) => isBefore(now, { date: booking.date, time: booking.start }))
    .sort((a, b) => (a.date === b.date ? a.start.localeCompare(b.start) : a.date.localeCompare(b.date)));
}
