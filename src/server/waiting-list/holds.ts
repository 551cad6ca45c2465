import type { Executor } from '../../db/executor';
import type { BookingSpan } from '../../domain/booking/booking-rules';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import { localMomentIn } from '../../domain/time/clock';
import { findHold } from '../../domain/waiting-list/waiting-list';
import { waitingListMessages } from '../../domain/waiting-list/waiting-list-messages';
import { addDeviceBookings } from '../chat/devices';
import { endOffer, findHoldsOn, findOffer, findWaitOfOffer } from './repository';

/** Refuses a booking, in its transaction, over a span held for someone else (`jam mulai`), or taking an offer no longer open. */
export async function holdRefusal(
  trx: Executor,
  span: BookingSpan,
  takes: number | undefined,
  clock: { now: Date; timeZone: string },
  motorbikeId = FIRST_BIKE_ID,
): Promise<string | undefined> {
  if (takes !== undefined) {
    const offer = await findOffer(trx, takes);
    if (!offer || offer.ended || offer.holdUntil <= clock.now.toISOString()) return waitingListMessages.offerEnded;
  }
  const dates = span.endDate === span.date ? ([span.date] as const) : ([span.date, span.endDate] as const);
  const holds = (await findHoldsOn(trx, dates, clock.now, motorbikeId)).filter((hold) => hold.id !== takes);
  const hold = findHold(span, holds);
  return hold && waitingListMessages.held(localMomentIn(clock.timeZone, new Date(hold.holdUntil)).time);
}

/** In the booking's transaction: the offer is taken, and the chats of the wait's device hear of the booking from now on. */
export async function takeOffer(trx: Executor, offerId: number, bookingId: number, now: Date): Promise<void> {
  await endOffer(trx, offerId, 'taken', now, bookingId);
  const wait = await findWaitOfOffer(trx, offerId);
  if (wait) await addDeviceBookings(trx, wait.deviceId, [bookingId]);
}
