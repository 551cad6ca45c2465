import { type HandoverStage, minutesBetween } from '../handover/handover';
import type { LocalMoment } from '../time/moment';

export interface BikeBooking {
  stage: Exclude<HandoverStage, 'returned' | 'released'>;
  end: string;
  endDate: string;
}

/** Not ended (0063): picked up and not back, however late, or booked with its end ahead; one never picked up is over at its end. */
export function isBookingLive(booking: BikeBooking, now: LocalMoment): boolean {
  return booking.stage === 'pickedUp' || minutesBetween(now, { date: booking.endDate, time: booking.end }) > 0;
}

export function liveBookingCount(bookings: readonly BikeBooking[], now: LocalMoment): number {
  return bookings.filter((booking) => isBookingLive(booking, now)).length;
}

export const bikeDeactivationMessages = {
  liveBookings: (count: number) =>
    `Motor ini masih punya ${count} peminjaman yang belum selesai. Batalkan dulu di tab Peminjaman (atau Tandai tidak tersedia lalu Batalkan semua), atau tunggu sampai semuanya selesai.`,
} as const;
