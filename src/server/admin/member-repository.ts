import type { Executor } from '../../db/executor';
import type { MemberBooking } from '../../domain/schemas/admin';
import { SPAN_COLUMN, SPAN_COLUMNS, toSpan } from '../bookings/booking-row';

/** Not cancelled, on `today` or later; `today` is APP_TIMEZONE's date. */
export async function findComingBookingsOf(db: Executor, userId: string, today: string): Promise<MemberBooking[]> {
  const rows = await db
    .selectFrom('borrow_request as b')
    .select(['b.ref', ...SPAN_COLUMNS])
    .where('b.users_id', '=', userId)
    .where('b.cancelled_at', 'is', null)
    .where(SPAN_COLUMN.date, '>=', today)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.flatMap((row) => (row.ref === null ? [] : [{ ref: row.ref, ...toSpan(row) }]));
}
