import { clientRoutes } from '../../../domain/booking/client-routes';
import { isCalendarDate } from '../../../domain/time/clock';

/** `Peminjaman` opened on one day, as the deactivation's confirmation links a coming booking. */
export const adminBookingsDayPath = (date: string) => `${clientRoutes.adminBookings}?tanggal=${date}`;

/** The range the bookings page loads first: the linked day, or the server's default. */
export function linkedDayRange(search: string): { from: string; to: string } {
  const date = new URLSearchParams(search).get('tanggal') ?? '';
  return isCalendarDate(date) ? { from: date, to: date } : { from: '', to: '' };
}
