import type { Executor } from '../../db/executor';
import { NAMED_SPAN_COLUMNS, SPAN_COLUMN, toNamedSpan } from '../bookings/booking-row';

export async function findActiveBookingsStartingBetween(db: Executor, from: string, to: string) {
  const rows = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', ...NAMED_SPAN_COLUMNS, 'b.created_at'])
    .where('b.cancelled_at', 'is', null)
    .where(SPAN_COLUMN.date, '>=', from)
    .where(SPAN_COLUMN.date, '<=', to)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ ref: row.ref, ...toNamedSpan(row), createdAt: row.created_at }));
}
