import type { Executor } from '../../db/executor';
import type { ShownBike } from '../../domain/schemas/bookings';

export async function findBikeOfBooking(db: Executor, bookingId: number): Promise<ShownBike | undefined> {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('motorbike as m', 'm.id', 'b.motorbike_id')
    .select(['m.id', 'm.name'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}
