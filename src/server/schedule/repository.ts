import type { Executor } from '../../db/executor';
import type { ShownBooking } from '../../domain/booking/booking-day';
import { addDays } from '../../domain/time/clock';
import { SHOWN_BOOKING_COLUMNS, SPAN_COLUMN, toShownBooking } from '../bookings/booking-row';

/** Includes overnight bookings from the day before `from`, which the caller drops. `withBikes`: each with its bike's id (0060). */
export async function findBookingsBetween(db: Executor, from: string, to: string, withBikes: boolean): Promise<ShownBooking[]> {
  const rows = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select([...SHOWN_BOOKING_COLUMNS, 'b.motorbike_id'])
    .where(SPAN_COLUMN.date, '>=', addDays(from, -1))
    .where(SPAN_COLUMN.date, '<=', to)
    .where('b.cancelled_at', 'is', null)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => (withBikes ? { ...toShownBooking(row), motorId: row.motorbike_id } : toShownBooking(row)));
}
