import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';
import type { NamedBookingSpan, ShownBooking } from '../../domain/booking/booking-day';
import type { BookingSpan } from '../../domain/booking/booking-rules';
import { handoverStageOf } from '../../domain/handover/handover';
import { addDays } from '../../domain/time/clock';

export interface BookingRow extends ShownBooking {
  usersId: string;
}

/** What the booking rules read of another booking: its span and whose it is. */
export interface BookerSpan extends BookingSpan {
  usersId: string;
}

interface SpanColumns {
  borrow_date: string;
  start_time: string;
  end_time: string;
  end_date: string | null;
}

interface NamedSpanColumns extends SpanColumns {
  name: string;
  class: string;
}

function toSpan(row: SpanColumns): BookingSpan {
  return { date: row.borrow_date, start: row.start_time, end: row.end_time, endDate: row.end_date ?? row.borrow_date };
}

export function toNamedSpan(row: NamedSpanColumns): NamedBookingSpan {
  return { ...toSpan(row), name: row.name, class: row.class };
}

/** What `toShownBooking` reads, from `borrow_request as b` joined with `users as u`. */
export const SHOWN_BOOKING_COLUMNS = [
  'b.borrow_date',
  'b.start_time',
  'b.end_time',
  'b.end_date',
  'u.name',
  'u.class',
  'b.picked_up_at',
  'b.returned_at',
  'b.released_at',
] as const;

export function toShownBooking(
  row: NamedSpanColumns & { picked_up_at: string | null; returned_at: string | null; released_at: string | null },
): ShownBooking {
  return {
    ...toNamedSpan(row),
    stage: handoverStageOf({ pickedUpAt: row.picked_up_at, returnedAt: row.returned_at, releasedAt: row.released_at }),
  };
}

/** Active bookings on `at.date` and overnight ones from `at.dayBefore` ending on it, by start, so the first clash found is the earliest. */
function activeTouching(db: Executor, at: { date: string; dayBefore: string }) {
  return db
    .selectFrom('borrow_request as b')
    .where('b.cancelled_at', 'is', null)
    .where((eb) =>
      eb.or([eb('b.borrow_date', '=', at.date), eb.and([eb('b.borrow_date', '=', at.dayBefore), eb('b.end_date', '=', at.date)])]),
    )
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
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
  activeTouching(db, at).select(['b.users_id', 'b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date']),
);

/** The spans of the bookings `findBookingsTouching` finds, in its order: what the booking rules read. */
export async function findSpansTouching(db: Executor, date: string): Promise<BookerSpan[]> {
  const { rows } = await touchingSpansQuery(db, { date, dayBefore: addDays(date, -1) });
  return rows.map((row) => ({ usersId: row.users_id, ...toSpan(row) }));
}
