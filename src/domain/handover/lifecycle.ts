import type { BookingSpan } from '../booking/booking-rules';
import { messages } from '../text/messages';
import type { LocalMoment } from '../time/moment';
import { formatKilometres, type HandoverStage, minutesBetween, PICKUP_OPENS_MINUTES, type RecorderKind } from './handover';
import { lifecycleMessages } from './lifecycle-messages';

/** The loan's one lifecycle (0050; `released`: nobody came): every path that changes a loan asks `findLifecycleRefusal`. */
export type LoanState = 'scheduled' | 'pickedUp' | 'returned' | 'released' | 'cancelled';

/** `completeReturn`: the fuel, kilometres or note added to a return already recorded, never moving its time. */
export type LoanTransition = 'pickup' | 'return' | 'completeReturn' | 'release' | 'cancel';

export type ActorKind = RecorderKind;

export interface LifecycleBooking extends BookingSpan {
  cancelled: boolean;
  stage: HandoverStage;
  /** The planned end, before a return or release moved `end`; `end` itself when absent. */
  bookedEnd?: { end: string; endDate: string };
}

export type LifecycleRefusal =
  | 'cancelled'
  | 'alreadyCancelled'
  | 'released'
  | 'alreadyPickedUp'
  | 'alreadyReturned'
  | 'tooEarly'
  | 'pickupEnded'
  | 'notPickedUp'
  | 'notReturned'
  | 'notStarted'
  | 'alreadyStarted'
  | 'handedOver'
  | 'outsideLoan';

/** An admin may record a handover from this long before the start (the key may go out the evening before). */
export const ADMIN_EARLIEST_MINUTES = 24 * 60;

export function loanStateOf(booking: Pick<LifecycleBooking, 'cancelled' | 'stage'>): LoanState {
  if (booking.cancelled) return 'cancelled';
  return booking.stage === 'booked' ? 'scheduled' : booking.stage;
}

function startOf(booking: BookingSpan): LocalMoment {
  return { date: booking.date, time: booking.start };
}

function bookedEndOf(booking: LifecycleBooking): LocalMoment {
  const end = booking.bookedEnd ?? booking;
  return { date: end.endDate, time: end.end };
}

/** An admin's instant lies between ADMIN_EARLIEST_MINUTES before the start and now: nothing is recorded in the future. */
export function findAdminTimeRefusal(booking: BookingSpan, at: LocalMoment, now: LocalMoment): 'outsideLoan' | undefined {
  if (minutesBetween(startOf(booking), at) < -ADMIN_EARLIEST_MINUTES) return 'outsideLoan';
  return minutesBetween(at, now) < 0 ? 'outsideLoan' : undefined;
}

function pickupRefusal(booking: LifecycleBooking, by: ActorKind, now: LocalMoment, at: LocalMoment): LifecycleRefusal | undefined {
  if (booking.stage === 'pickedUp') return 'alreadyPickedUp';
  if (booking.stage === 'returned') return 'alreadyReturned';
  if (by !== 'admin' && minutesBetween(startOf(booking), at) < -PICKUP_OPENS_MINUTES) return 'tooEarly';
  // After the booked end a pickup would make a loan late that never was (issue 38): the key came back, record the return.
  if (by !== 'admin' && minutesBetween(bookedEndOf(booking), now) >= 0) return 'pickupEnded';
  return undefined;
}

/** The owner's and an admin's return stand without a recorded pickup: the key came back, whoever forgot the first press. */
function returnRefusal(booking: LifecycleBooking, by: ActorKind, at: LocalMoment): LifecycleRefusal | undefined {
  if (booking.stage === 'returned') return 'alreadyReturned';
  if (booking.stage === 'pickedUp') return undefined;
  if (by === 'borrower' || minutesBetween(startOf(booking), at) < -PICKUP_OPENS_MINUTES) return 'notPickedUp';
  return undefined;
}

function cancelRefusal(booking: LifecycleBooking, by: ActorKind, now: LocalMoment): LifecycleRefusal | undefined {
  // The borrower only before the start: from then on the bike may be on the road, so an admin decides.
  if (by === 'borrower' && minutesBetween(startOf(booking), now) >= 0) return 'alreadyStarted';
  // Picked up or back, the loan happened: its charge changes only through the Kas tab's audited change.
  if (booking.stage === 'pickedUp' || booking.stage === 'returned') return 'handedOver';
  return undefined;
}

/** Undefined: `by` may do it now. `at`, when not `now`: an admin's typed time, or the start for a no-show's `Sudah diambil`. */
export function findLifecycleRefusal(
  transition: LoanTransition,
  booking: LifecycleBooking,
  by: ActorKind,
  now: LocalMoment,
  at: LocalMoment = now,
): LifecycleRefusal | undefined {
  if (booking.cancelled) return transition === 'cancel' ? 'alreadyCancelled' : 'cancelled';
  if (booking.stage === 'released') return 'released';
  if (by === 'admin' && transition !== 'cancel' && transition !== 'completeReturn') {
    const outside = findAdminTimeRefusal(booking, at, now);
    if (outside) return outside;
  }
  switch (transition) {
    case 'pickup':
      return pickupRefusal(booking, by, now, at);
    case 'return':
      return returnRefusal(booking, by, at);
    case 'completeReturn':
      return booking.stage === 'returned' ? undefined : 'notReturned';
    case 'release':
      if (booking.stage !== 'booked') return booking.stage === 'pickedUp' ? 'alreadyPickedUp' : 'alreadyReturned';
      return minutesBetween(startOf(booking), at) < 0 ? 'notStarted' : undefined;
    case 'cancel':
      return cancelRefusal(booking, by, now);
  }
}

export function lifecycleRefusalMessage(refusal: LifecycleRefusal): string {
  return lifecycleMessages.refusal[refusal];
}

export type LifecycleVerdict = { allowed: true } | { allowed: false; refusal: LifecycleRefusal; message: string };

/** `findLifecycleRefusal` with its Indonesian message, for a caller that answers a person. */
export function decideTransition(
  transition: LoanTransition,
  booking: LifecycleBooking,
  by: ActorKind,
  now: LocalMoment,
  at: LocalMoment = now,
): LifecycleVerdict {
  const refusal = findLifecycleRefusal(transition, booking, by, now, at);
  return refusal === undefined ? { allowed: true } : { allowed: false, refusal, message: lifecycleRefusalMessage(refusal) };
}

export type KilometreCheck = { ok: true } | { ok: false; message: string };

/** A borrower's or the owner's reading may be at most this far above the last one; an admin's may be more (issue 40). */
export const MAX_KILOMETRES_STEP = 500;

/** Against the latest reading by time (the motorbike's), not the largest ever: one mistyped reading must not block the next. */
export function checkKilometres(km: number, lastKnown: number | null, by: RecorderKind): KilometreCheck {
  if (lastKnown === null) return { ok: true };
  if (km < lastKnown) return { ok: false, message: messages.handover.kmBelowLast(formatKilometres(lastKnown)) };
  if (by !== 'admin' && km - lastKnown > MAX_KILOMETRES_STEP)
    return { ok: false, message: lifecycleMessages.kmTooFar(formatKilometres(lastKnown)) };
  return { ok: true };
}
