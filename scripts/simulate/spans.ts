import { COMMITTEE_FREE_HOURS, MAX_HOURS_PER_DAY, maxHoursPerBooking, VOUCHER_HOURS } from '../../src/domain/booking/limits';
import { localMomentIn, type MinuteSpan } from '../../src/domain/time/clock';
import { findInstant, midnightOf } from '../../src/domain/time/moment';
import type { BookingRow } from './snapshot';

/** Wall-clock minutes (findInstant's scale) of an instant in the app's zone; seconds dropped as the app drops them. */
export function wallMinutes(timeZone: string, iso: string): number {
  return findInstant(localMomentIn(timeZone, new Date(iso))) ?? Number.NaN;
}

const at = (date: string, time: string) => findInstant({ date, time }) ?? Number.NaN;

export function startOf(booking: BookingRow): number {
  return at(booking.borrow_date, booking.start_time);
}

/** The end as planned when booked: a return or release moved end_* and kept the plan in booked_end_*. */
export function plannedEndOf(booking: BookingRow): number {
  if (booking.booked_end_time !== null) return at(booking.booked_end_date ?? booking.borrow_date, booking.booked_end_time);
  return at(booking.end_date ?? booking.borrow_date, booking.end_time);
}

export function currentEndOf(booking: BookingRow): number {
  return at(booking.end_date ?? booking.borrow_date, booking.end_time);
}

/** Whether the booking held its slot at instant `iso` (made before it, not cancelled by then). */
export function activeAt(booking: BookingRow, iso: string): boolean {
  if (booking.created_at !== null && booking.created_at > iso) return false;
  return booking.cancelled_at === null || booking.cancelled_at > iso;
}

/** The slot a booking claims at `iso`: from its start to its planned end, or the earlier end a return or release recorded by then. */
export function claimAt(booking: BookingRow, iso: string | undefined): MinuteSpan {
  const ended = [booking.returned_at, booking.released_at].some((moment) => moment !== null && (iso === undefined || moment <= iso));
  const planned = plannedEndOf(booking);
  return { from: startOf(booking), to: ended ? Math.min(planned, currentEndOf(booking)) : planned };
}

export function onDate(span: MinuteSpan, date: string): number {
  const from = Math.max(span.from, midnightOf(date));
  const to = Math.min(span.to, midnightOf(date) + 24 * 60);
  return Math.max(0, to - from);
}

export interface Limits {
  perBooking: number;
  perDay: number;
}

export function limitsFor(className: string, purpose: string): Limits {
  if (purpose === 'committee') return { perBooking: COMMITTEE_FREE_HOURS * 60, perDay: COMMITTEE_FREE_HOURS * 60 };
  return { perBooking: maxHoursPerBooking(className) * 60, perDay: MAX_HOURS_PER_DAY * 60 };
}

export const VOUCHER_MINUTES = VOUCHER_HOURS * 60;

export function describeBooking(booking: BookingRow, users: Map<string, { name: string }>): string {
  const who = users.get(booking.users_id)?.name ?? booking.users_id;
  const end = booking.end_date && booking.end_date !== booking.borrow_date ? `${booking.end_date} ${booking.end_time}` : booking.end_time;
  return `booking #${booking.id} (${booking.ref ?? '-'}) ${who} ${booking.borrow_date} ${booking.start_time}-${end}`;
}
