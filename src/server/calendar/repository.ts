import type { Executor } from '../../db/executor';
import { NAMED_SPAN_COLUMNS, SPAN_COLUMN, toNamedSpan } from '../bookings/booking-row';

/** `motorbikeId`: that bike's bookings only. */
export async function findActiveBookingsStartingBetween(db: Executor, from: string, to: string, motorbikeId?: number) {
  let query = db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', ...NAMED_SPAN_COLUMNS, 'b.created_at', 'b.motorbike_id']);
  if (motorbikeId !== undefined) query = query.where('b.motorbike_id', '=', motorbikeId);
  const rows = await query
    .where('b.cancelled_at', 'is', null)
    .where(SPAN_COLUMN.date, '>=', from)
    .where(SPAN_COLUMN.date, '<=', to)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ ref: row.ref, ...toNamedSpan(row), createdAt: row.created_at, motorbikeId: row.motorbike_id }));
}
