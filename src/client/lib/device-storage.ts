import type { LocalMoment } from '../../domain/cancellation';
import { type MyBooking, parseMyBookings, pruneMyBookings } from '../../domain/my-bookings';
import { MY_BOOKINGS_KEY } from './stored-bookings';

const LAST_NAME_KEY = 'lastBorrowerName';
const LAST_CLASS_KEY = 'lastBorrowerClass';

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
    // Blocked (private mode, policy) or full storage: nothing is remembered, and every screen works without it.
  }
}

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

export function readLastBorrowerName(): string {
  return read(LAST_NAME_KEY) ?? '';
}

export function rememberBorrowerName(name: string): void {
  write(LAST_NAME_KEY, name);
}

/** The class of the student this device booked for last: what a free gap's link fills. */
export function readLastBorrowerClass(): string | undefined {
  return read(LAST_CLASS_KEY) ?? undefined;
}

export function rememberNewBooking(booking: Omit<MyBooking, 'token'> & { class: string }, cancelToken: string): void {
  const { date, start, end, endDate, name } = booking;
  rememberMyBooking({ token: cancelToken, date, start, end, endDate, name }, undefined);
  rememberBorrowerName(name);
  write(LAST_CLASS_KEY, booking.class);
}
