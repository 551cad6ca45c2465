import { z } from 'zod';
import { LATE_REACH_MINUTES, minutesBetween } from '../handover/handover';
import { bookingSpanShape } from '../schemas/bookings';
import { addDays } from '../time/clock';
import type { LocalMoment } from '../time/moment';

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

/** Past its planned end the card still asks after a loan this long; a loan out longer is the owner's and admins' to chase. */
export const HANDOVER_ASK_HOURS_AFTER_END = 24;

export interface CardBooking {
  booking: MyBooking;
  /** Not started: it may still be cancelled. */
  upcoming: boolean;
  /** Near or running: the card asks the server where its handover stands, once per visit. */
  asksHandover: boolean;
}

/**
 * What the `Peminjaman kamu` card lists, soonest first: bookings not started, and those near or
 * running. Near is within LATE_REACH_MINUTES of the start, when a late bike before it starts to matter.
 */
export function myBookingsOnCard(bookings: MyBooking[], now: LocalMoment): CardBooking[] {
  return bookings
    .map((booking) => ({
      booking,
      upcoming: isBefore(now, { date: booking.date, time: booking.start }),
      asksHandover:
        minutesBetween(now, { date: booking.date, time: booking.start }) <= LATE_REACH_MINUTES &&
        minutesBetween({ date: booking.endDate, time: booking.end }, now) < HANDOVER_ASK_HOURS_AFTER_END * 60,
    }))
    .filter((entry) => entry.upcoming || entry.asksHandover)
    .sort((a, b) =>
      a.booking.date === b.booking.date ? a.booking.start.localeCompare(b.booking.start) : a.booking.date.localeCompare(b.booking.date),
    );
}
