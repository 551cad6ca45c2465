import { type MyBooking, parseMyBookings, pruneMyBookings } from '../../domain/booking/my-bookings';
import type { LocalMoment } from '../../domain/time/moment';
import { read, rememberBorrower, write } from './remembered-borrower';
import { MY_BOOKINGS_KEY } from './stored-bookings';

export function readMyBookings(now?: LocalMoment): MyBooking[] {
  let stored: unknown;
  try {
    stored = JSON.parse(read(MY_BOOKINGS_KEY) ?? '[]');
  } catch {
    stored = [];
  }
  const bookings = parseMyBookings(stored);
  if (!now) return bookings;
  const kept = pruneMyBookings(bookings, now);
  if (kept.length !== bookings.length) write(MY_BOOKINGS_KEY, JSON.stringify(kept));
  return kept;
}

export function rememberMyBooking(booking: MyBooking, now: LocalMoment | undefined): void {
  write(MY_BOOKINGS_KEY, JSON.stringify([...readMyBookings(now).filter((kept) => kept.token !== booking.token), booking]));
}

export function forgetMyBooking(token: string): void {
  write(MY_BOOKINGS_KEY, JSON.stringify(readMyBookings().filter((kept) => kept.token !== token)));
}

export function rememberNewBooking(booking: Omit<MyBooking, 'token'> & { class: string }, cancelToken: string): void {
  const { date, start, end, endDate, name } = booking;
  rememberMyBooking({ token: cancelToken, date, start, end, endDate, name }, undefined);
  rememberBorrower(name, booking.class);
}
