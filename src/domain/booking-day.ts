import { type BookingSpan, intervalOn } from './booking-rules';
import type { DayBooking } from './schemas/bookings';

/** A stored booking with its borrower's name and class as the roster has them. */
export interface NamedBookingSpan extends BookingSpan {
  name: string;
  class: string;
}

/**
 * The bookings a visitor sees on `date`, sorted by when they start on it: a loan that continues
 * from the previous day comes first. Loans that take no time on the date are left out.
 */
export function bookingsShownOn(date: string, bookings: NamedBookingSpan[]): DayBooking[] {
  return bookings
    .flatMap((booking) => {
      const interval = intervalOn(date, booking);
      return interval ? [{ booking, interval }] : [];
    })
    .sort((a, b) => a.interval.from - b.interval.from || a.interval.to - b.interval.to)
    .map(({ booking }) => ({
      start: booking.start,
      end: booking.end,
      name: booking.name,
      class: booking.class,
      continuesFromPreviousDay: booking.date !== date,
      continuesNextDay: booking.endDate !== date,
    }));
}
