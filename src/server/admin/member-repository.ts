import type { Executor } from '../../db/executor';
import type { MemberBooking } from '../../domain/schemas/admin';

/** Not cancelled, on `today` or later; `today` is APP_TIMEZONE's date. */
export async function findComingBookingsOf(db: Executor, userId: string, today: string): Promise<MemberBooking[]> {
  const rows = await db
    .selectFrom('borrow_request')
    .select(['ref', 'borrow_date', 'start_time', 'end_time', 'end_date'])
    .where('users_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('borrow_date', '>=', today)
    .orderBy('borrow_date')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) =>
    row.ref === null
      ? []
      : [{ ref: row.ref, date: row.borrow_date, start: row.start_time, end: row.end_time, endDate: row.end_date ?? row.borrow_date }],
  );
}
