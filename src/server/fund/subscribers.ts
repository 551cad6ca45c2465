import type { Executor } from '../../db/executor';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../domain/handover/handover';
import type { BookingCancelled, HandoverRecorded } from '../events/events';
import { enqueueReturnCharge, settleCharge } from './charges';

/** A cancelled loan costs nothing whatever the grace: a provisional charge goes to Rp0, its row kept. */
export async function settleCancelledLoan(trx: Executor, event: BookingCancelled): Promise<void> {
  await settleCharge(trx, event.booking.id, { now: event.at, timeZone: event.timeZone, graceMinutes: DEFAULT_RETURN_GRACE_MINUTES });
}

/** Every record or correction recomputes the loan's charge; a first return also tells the owner what it cost. */
export async function settleHandedOverLoan(trx: Executor, event: HandoverRecorded): Promise<void> {
  const clock = { now: event.at, timeZone: event.timeZone, graceMinutes: event.graceMinutes };
  await settleCharge(trx, event.booking.id, clock);
  if (event.event === 'return' && !event.corrected) await enqueueReturnCharge(trx, event.booking.id, clock);
}
