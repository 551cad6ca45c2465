import type { HandoverStage } from '../handover/handover';
import { findLifecycleRefusal, lifecycleRefusalMessage } from '../handover/lifecycle';
import { messages } from '../text/messages';
import type { LocalMoment } from '../time/moment';
import type { BookingSpan } from './booking-rules';

export type Canceller = { kind: 'admin'; userId: string; name: string } | { kind: 'borrower' } | { kind: 'owner' };

export type CancellerKind = Canceller['kind'];

export interface CancellableBooking extends BookingSpan {
  cancelledAt: string | null;
  /** Where its handover stands; a booking read without it counts as not picked up. */
  stage?: HandoverStage;
}

export type CancelRefusal = 'alreadyCancelled' | 'alreadyStarted' | 'handedOver' | 'released';

/** Undefined means allowed: the loan's lifecycle decides (lifecycle.ts), as for every other transition. */
export function findCancelRefusal(booking: CancellableBooking, who: Canceller, now: LocalMoment): CancelRefusal | undefined {
  const stateful = { ...booking, cancelled: booking.cancelledAt !== null, stage: booking.stage ?? 'booked' };
  const refusal = findLifecycleRefusal('cancel', stateful, who.kind, now);
  if (refusal === undefined) return undefined;
  return refusal === 'alreadyStarted' || refusal === 'handedOver' || refusal === 'released' ? refusal : 'alreadyCancelled';
}

export function cancelRefusalMessage(refusal: CancelRefusal): string {
  return lifecycleRefusalMessage(refusal);
}

export function cancellerLabel(kind: CancellerKind, adminName: string | null): string {
  if (kind === 'admin') return adminName === null ? messages.cancelledBy.admin : `${messages.cancelledBy.admin} ${adminName}`;
  return kind === 'borrower' ? messages.cancelledBy.borrower : messages.cancelledBy.owner;
}
