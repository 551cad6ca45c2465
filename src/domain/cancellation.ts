import type { BookingSpan } from './booking-rules';
import { messages } from './messages';

/**
 * Who cancels a booking. Admins sign in; the borrower proves the booking is theirs with its cancel
 * secret; the owner acts from the Telegram chat the bot is bound to.
 */
export type Canceller = { kind: 'admin'; userId: string; name: string } | { kind: 'borrower' } | { kind: 'owner' };

export type CancellerKind = Canceller['kind'];

/** The state of a booking that cancelling depends on. */
export interface CancellableBooking extends BookingSpan {
  cancelledAt: string | null;
}

/** The wall-clock moment in the app's zone. */
export interface LocalMoment {
  date: string;
  time: string;
}

export type CancelRefusal = 'alreadyCancelled' | 'alreadyStarted';

/**
 * Whether `who` may cancel `booking` at `now`: never twice; the borrower only before the booking
 * has started (from then on the bike may be on the road, so an admin decides); an admin or the
 * owner at any time. Undefined means allowed.
 */
export function findCancelRefusal(booking: CancellableBooking, who: Canceller, now: LocalMoment): CancelRefusal | undefined {
  if (booking.cancelledAt !== null) return 'alreadyCancelled';
  if (who.kind === 'borrower' && !startsAfter(booking, now)) return 'alreadyStarted';
  return undefined;
}

function startsAfter(booking: BookingSpan, now: LocalMoment): boolean {
  return booking.date > now.date || (booking.date === now.date && booking.start > now.time);
}

/** What a refusal says to whoever asked. */
export function cancelRefusalMessage(refusal: CancelRefusal): string {
  return refusal === 'alreadyCancelled' ? messages.alreadyCancelled : messages.startedBookingAdminOnly;
}

/** Who cancelled, as the owner's message and the admin's list say it. */
export function cancellerLabel(kind: CancellerKind, adminName: string | null): string {
  if (kind === 'admin') return adminName === null ? messages.cancelledBy.admin : `${messages.cancelledBy.admin} ${adminName}`;
  return kind === 'borrower' ? messages.cancelledBy.borrower : messages.cancelledBy.owner;
}
