import { z } from 'zod';
import type { LocalMoment } from './cancellation';
import { addDays } from './clock';
import { bookingSpanShape } from './schemas/bookings';

export const myBookingSchema = z.object({
  token: z.string(),
  ...bookingSpanShape,
  name: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

export const MY_BOOKINGS_KEEP_DAYS = 7;

const isBefore = (a: LocalMoment, b: LocalMoment) => a.date < b.date || (a.date === b.date && a.time < b.time);

/** Entries that are not bookings (another version, a hand edit) are dropped one by one, not the whole list. */
export function parseMyBookings(stored: unknown): MyBooking[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = myBookingSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function pruneMyBookings(bookings: MyBooking[], now: LocalMoment): MyBooking[] {
  const keepFrom = { date: addDays(now.date, -MY_BOOKINGS_KEEP_DAYS), time: now.time };
  return bookings.filter((booking) => !isBefore({ date: booking.endDate, time: booking.end }, keepFrom));
}

export function upcomingMyBookings(bookings: MyBooking[], now: LocalMoment): MyBooking[] {
  return bookings
    .filter((booking) => isBefore(now, { date: booking.date, time: booking.start }))
    .sort((a, b) => (a.date === b.date ? a.start.localeCompare(b.start) : a.date.localeCompare(b.date)));
}
