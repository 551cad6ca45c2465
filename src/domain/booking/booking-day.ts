import type { HandoverStage } from '../handover/handover';
import type { DayBooking } from '../schemas/bookings';
import { type BookingSpan, intervalOn } from './booking-rules';

export interface NamedBookingSpan extends BookingSpan {
  name: string;
  class: string;
}

export interface ShownBooking extends NamedBookingSpan {
  stage: HandoverStage;
  /** Set only while two or more bikes are active (0060). */
  motorId?: number;
}

export function bookingsShownOn(date: string, bookings: ShownBooking[]): DayBooking[] {
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
      stage: booking.stage,
      ...(booking.motorId !== undefined && { motorId: booking.motorId }),
    }));
}
