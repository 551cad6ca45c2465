import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { BorrowRequestTable } from '../../db/schema';
import type { NamedBookingSpan, ShownBooking } from '../../domain/booking/booking-day';
import type { BookingSpan } from '../../domain/booking/booking-rules';
import { type HandoverStage, handoverStageOf } from '../../domain/handover/handover';
import type { DaySpan } from '../../domain/waiting-list/waiting-list';

// A booking is read from `borrow_request as b` joined with `users as u` on `b.users_id`; each
// column list below is what the mapper of the same name reads.

/** The span's columns by the span's names, for where clauses and orders. */
export const SPAN_COLUMN = { date: 'b.borrow_date', start: 'b.start_time', end: 'b.end_time', endDate: 'b.end_date' } as const;

export const SPAN_COLUMNS = [SPAN_COLUMN.date, SPAN_COLUMN.start, SPAN_COLUMN.end, SPAN_COLUMN.endDate] as const;

export const NAMED_SPAN_COLUMNS = [...SPAN_COLUMNS, 'u.name', 'u.class'] as const;

export const STAGE_COLUMNS = ['b.picked_up_at', 'b.returned_at', 'b.released_at'] as const;

export const SHOWN_BOOKING_COLUMNS = [...NAMED_SPAN_COLUMNS, ...STAGE_COLUMNS] as const;

export const BOOKED_END_COLUMNS = ['b.booked_end_date', 'b.booked_end_time'] as const;

export interface DaySpanRow {
  borrow_date: string;
  start_time: string;
  end_time: string;
}

export interface SpanRow extends DaySpanRow {
  end_date: string | null;
}

export interface NamedSpanRow extends SpanRow {
  name: string;
  class: string;
}

export interface StageRow {
  picked_up_at: string | null;
  returned_at: string | null;
  released_at: string | null;
}

export interface BookedEndRow extends SpanRow {
  booked_end_date: string | null;
  booked_end_time: string | null;
}

/** Also the span of a wait or an offer: `slot_wait` and `slot_offer` name these columns as bookings do. */
export function toDaySpan(row: DaySpanRow): DaySpan {
  return { date: row.borrow_date, start: row.start_time, end: row.end_time };
}

export function toSpan(row: SpanRow): BookingSpan {
  return { date: row.borrow_date, start: row.start_time, end: row.end_time, endDate: row.end_date ?? row.borrow_date };
}

export function toNamedSpan(row: NamedSpanRow): NamedBookingSpan {
  return { ...toSpan(row), name: row.name, class: row.class };
}

export function toStage(row: StageRow): HandoverStage {
  return handoverStageOf({ pickedUpAt: row.picked_up_at, returnedAt: row.returned_at, releasedAt: row.released_at });
}

export function toShownBooking(row: NamedSpanRow & StageRow): ShownBooking {
  return { ...toNamedSpan(row), stage: toStage(row) };
}

/** The planned end: the booked one, before a return or release moved `end`. */
export function toBookedEnd(row: BookedEndRow): { end: string; endDate: string } {
  const span = toSpan(row);
  return { end: row.booked_end_time ?? span.end, endDate: row.booked_end_date ?? span.endDate };
}

/** Starts on `at.date`, or overnight from `at.dayBefore` and ends on it. */
export function touchesDay(
  eb: ExpressionBuilder<{ b: BorrowRequestTable }, 'b'>,
  at: { date: string; dayBefore: string },
): Expression<SqlBool> {
  return eb.or([
    eb(SPAN_COLUMN.date, '=', at.date),
    eb.and([eb(SPAN_COLUMN.date, '=', at.dayBefore), eb(SPAN_COLUMN.endDate, '=', at.date)]),
  ]);
}
