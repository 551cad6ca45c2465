import { chargeFor, chargeRules } from '../fund/charges';
import { bookingState, type HandoverStage } from '../handover/handover';
import type { LocalMoment } from '../time/moment';
import type { BookingSpan } from './booking-rules';

export interface LateSoFar {
  minutes: number;
  /** What chargeFor's fine would be if the bike came back now, in rupiah. */
  fine: number;
}

/** While a loan out is late (bookingState): its minutes past the planned end and its fine so far; undefined otherwise. */
export function lateSoFar(loan: BookingSpan & { stage: HandoverStage }, now: LocalMoment, graceMinutes: number): LateSoFar | undefined {
  const state = bookingState({ ...loan, cancelled: false }, now, graceMinutes);
  if (state.kind !== 'late') return undefined;
  const bookedEnd = { date: loan.endDate, time: loan.end };
  // The fine alone: a loan for food pays no rent, so the whole charge of one returned now is its fine.
  const charge = chargeFor(
    { start: bookedEnd, bookedEnd, pickedUp: bookedEnd, returned: now, purpose: 'food', voucher: false, cancelled: false, released: false },
    { class: '' },
    chargeRules(graceMinutes),
  );
  return { minutes: state.minutes, fine: charge.total };
}
