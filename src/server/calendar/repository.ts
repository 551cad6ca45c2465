import type { Executor } from '../../db/executor';
import { toNamedSpan } from '../bookings/repository';

export async function findActiveBookingsStartingBetween(db: Executor, from: string, to: string) {
  const rows = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', 'b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date', 'b.created_at', 'u.name', 'u.class'])
    .where('b.cancelled_at', 'is', null)
    .where('b.borrow_date', '>=', from)
    .where('b.borrow_date', '<=', to)
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ ref: row.ref, ...toNamedSpan(row), createdAt: row.created_at }));
}
