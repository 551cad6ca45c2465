import type { Executor } from '../../db/executor';
import type { ScheduledBooking } from '../../domain/chat/owner-bot';
import { addDays } from '../../domain/time/clock';

function activeBookings(db: Executor) {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', 'b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date', 'b.need_stnk', 'b.created_at', 'u.name', 'u.class'])
    .where('b.cancelled_at', 'is', null)
    .where('b.ref', 'is not', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof activeBookings>['execute']>>[number];

function toScheduled(row: Row): ScheduledBooking {
  return {
    // Never empty: the query keeps only rows with a ref.
    ref: row.ref ?? '',
    date: row.borrow_date,
    start: row.start_time,
    end: row.end_time,
    endDate: row.end_date ?? row.borrow_date,
    needStnk: Boolean(row.need_stnk),
    createdAt: row.created_at,
    name: row.name,
    class: row.class,
  };
}

export async function findScheduleOn(db: Executor, date: string): Promise<ScheduledBooking[]> {
  const dayBefore = addDays(date, -1);
  const rows = await activeBookings(db)
    .where((eb) => eb.or([eb('b.borrow_date', '=', date), eb.and([eb('b.borrow_date', '=', dayBefore), eb('b.end_date', '=', date)])]))
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .execute();
  return rows.map(toScheduled);
}

/** Enough to tell who has the bike now and who takes it next: bookings never overlap. */
export async function findScheduleFrom(db: Executor, date: string, limit = 200): Promise<ScheduledBooking[]> {
  const rows = await activeBookings(db)
    .where('b.borrow_date', '>=', addDays(date, -1))
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .limit(limit)
    .execute();
  return rows.map(toScheduled);
}
