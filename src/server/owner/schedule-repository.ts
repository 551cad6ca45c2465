import type { Executor } from '../../db/executor';
import type { ScheduledBooking } from '../../domain/chat/owner-bot';
import { addDays } from '../../domain/time/clock';
import { NAMED_SPAN_COLUMNS, SPAN_COLUMN, toNamedSpan, touchesDay } from '../bookings/booking-row';

function activeBookings(db: Executor, bikes: readonly number[] | undefined) {
  const query = db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', ...NAMED_SPAN_COLUMNS, 'b.need_stnk', 'b.created_at', 'b.motorbike_id'])
    .where('b.cancelled_at', 'is', null)
    .where('b.ref', 'is not', null);
  return bikes === undefined ? query : query.where('b.motorbike_id', 'in', bikes.length > 0 ? [...bikes] : [0]);
}

type Row = Awaited<ReturnType<ReturnType<typeof activeBookings>['execute']>>[number];

function toScheduled(row: Row): ScheduledBooking {
  return {
    // Never empty: the query keeps only rows with a ref.
    ref: row.ref ?? '',
    ...toNamedSpan(row),
    needStnk: Boolean(row.need_stnk),
    createdAt: row.created_at,
    motorbikeId: row.motorbike_id,
  };
}

export async function findScheduleOn(db: Executor, date: string, bikes?: readonly number[]): Promise<ScheduledBooking[]> {
  const rows = await activeBookings(db, bikes)
    .where((eb) => touchesDay(eb, { date, dayBefore: addDays(date, -1) }))
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .execute();
  return rows.map(toScheduled);
}

/** Enough to tell who has the bike now and who takes it next: bookings never overlap. */
export async function findScheduleFrom(db: Executor, date: string, bikes?: readonly number[], limit = 200): Promise<ScheduledBooking[]> {
  const rows = await activeBookings(db, bikes)
    .where(SPAN_COLUMN.date, '>=', addDays(date, -1))
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .limit(limit)
    .execute();
  return rows.map(toScheduled);
}
