import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';
import type { ShownBooking } from '../../domain/booking/booking-day';
import type { BookingSpan } from '../../domain/booking/booking-rules';
import { addDays } from '../../domain/time/clock';
import { SHOWN_BOOKING_COLUMNS, SPAN_COLUMN, SPAN_COLUMNS, toShownBooking, toSpan, touchesDay } from './booking-row';

export interface BookingRow extends ShownBooking {
  usersId: string;
}

/** What the booking rules read of another booking: its span and whose it is. */
export interface BookerSpan extends BookingSpan {
  usersId: string;
  motorbikeId: number;
}

/** Active bookings on `at.date` and overnight ones from `at.dayBefore` ending on it, by start, so the first clash found is the earliest. */
function activeTouching(db: Executor, at: { date: string; dayBefore: string }) {
  return db
    .selectFrom('borrow_request as b')
    .where('b.cancelled_at', 'is', null)
    .where((eb) => touchesDay(eb, at))
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id');
}

const touchingQuery = compiledQuery((db, at: { date: string; dayBefore: string }) =>
  activeTouching(db, at)
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.users_id', ...SHOWN_BOOKING_COLUMNS]),
);

/** Active bookings on `date` and overnight ones ending on it, by start, with their names and handover stages. */
export async function findBookingsTouching(db: Executor, date: string): Promise<BookingRow[]> {
  const { rows } = await touchingQuery(db, { date, dayBefore: addDays(date, -1) });
  return rows.map((row) => ({ usersId: row.users_id, ...toShownBooking(row) }));
}

// The booking's transaction reads these for every booking: without the names it reads half as much.
const touchingSpansQuery = compiledQuery((db, at: { date: string; dayBefore: string }) =>
  activeTouching(db, at).select(['b.users_id', 'b.motorbike_id', ...SPAN_COLUMNS]),
);

/** The spans of the bookings `findBookingsTouching` finds, in its order: what the booking rules read. */
export async function findSpansTouching(db: Executor, date: string): Promise<BookerSpan[]> {
  const { rows } = await touchingSpansQuery(db, { date, dayBefore: addDays(date, -1) });
  return rows.map((row) => ({ usersId: row.users_id, motorbikeId: row.motorbike_id, ...toSpan(row) }));
}
