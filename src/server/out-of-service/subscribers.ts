import type { Executor } from '../../db/executor';
import type { BookingCancelled } from '../events/events';
import { insertPeriodBookings } from './repository';

/** A booking `Batalkan semua` cancelled is recorded as the period's in the same commit: a rerun skips it, its end tells it back. */
export async function recordPeriodCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.cause.kind !== 'period') return;
  await insertPeriodBookings(trx, event.cause.periodId, [event.booking.id], 'cancelled', event.at.toISOString());
}
