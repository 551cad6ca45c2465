import type { LocalMoment } from '../../domain/cancellation';
import { type MyBooking, parseMyBookings, pruneMyBookings } from '../../domain/my-bookings';
import { MY_BOOKINGS_KEY } from './stored-bookings';

const LAST_NAME_KEY = 'lastBorrowerName';

// Storage can be blocked (private mode, policy) or full: the device then simply remembers nothing.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // nothing is remembered; every screen works without it
  }
}

/** The bookings this device made (with their cancel secrets), pruned of those long over when `now` is known. */
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

/** The name the last booking on this device was made under, to fill the form with. */
export function readLastBorrowerName(): string {
  return read(LAST_NAME_KEY) ?? '';
}

export function rememberBorrowerName(name: string): void {
  write(LAST_NAME_KEY, name);
}

/** What this device keeps of a booking it just made: the booking with its cancel secret, and the borrower's name. */
export function rememberNewBooking(booking: Omit<MyBooking, 'token'>, cancelToken: string): void {
  const { date, start, end, endDate, name } = booking;
  rememberMyBooking({ token: cancelToken, date, start, end, endDate, name }, undefined);
  rememberBorrowerName(name);
}
