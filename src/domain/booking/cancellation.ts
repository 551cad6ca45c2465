import { messages } from '../text/messages';
import type { LocalMoment } from '../time/moment';
import type { BookingSpan } from './booking-rules';

export type Canceller = { kind: 'admin'; userId: string; name: string } | { kind: 'borrower' } | { kind: 'owner' };

export type CancellerKind = Canceller['kind'];

export interface CancellableBooking extends BookingSpan {
  cancelledAt: string | null;
}

export type CancelRefusal = 'alreadyCancelled' | 'alreadyStarted';

/** Undefined means allowed. The borrower only before the start: from then on the bike may be on the road, so an admin decides. */
export function findCancelRefusal(booking: CancellableBooking, who: Canceller, now: LocalMoment): CancelRefusal | undefined {
  if (booking.cancelledAt !== null) return 'alreadyCancelled';
  if (who.kind === 'borrower' && !startsAfter(booking, now)) return 'alreadyStarted';
  return undefined;
}

function startsAfter(booking: BookingSpan, now: LocalMoment): boolean {
  return booking.date > now.date || (booking.date === now.date && booking.start > now.time);
}

export function cancelRefusalMessage(refusal: CancelRefusal): string {
  return refusal === 'alreadyCancelled' ? messages.alreadyCancelled : messages.startedBookingAdminOnly;
}

export function cancellerLabel(kind: CancellerKind, adminName: string | null): string {
  if (kind === 'admin') return adminName === null ? messages.cancelledBy.admin : `${messages.cancelledBy.admin} ${adminName}`;
  return kind === 'borrower' ? messages.cancelledBy.borrower : messages.cancelledBy.owner;
}
