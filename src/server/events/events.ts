import type { NamedBookingSpan } from '../../domain/booking/booking-day';
import type { Canceller } from '../../domain/booking/cancellation';
import type { HandoverMessageRole } from '../../domain/chat/owner-bot';
import type { Purpose } from '../../domain/fund/charges';
import type { HandoverBooking, HandoverEvent, Recorder } from '../../domain/handover/handover';
import type { OutOfServiceDecision, OutOfServicePeriod } from '../../domain/out-of-service/out-of-service';

export interface EventBooking extends NamedBookingSpan {
  id: number;
  ref: string;
}

/** Why a booking was cancelled, beyond who did it: each subscriber decides from it what to say and to whom. */
export type CancelCause =
  /** A person's own act: the admin console, the borrower's link or chat, the owner's chat. */
  | { kind: 'request' }
  /** The owner's `Ya` under the booking's notice: that notice shows the cancellation. */
  | { kind: 'ownerPress'; messageId: number; updateKey: string }
  /** A `Tidak tersedia` period's `Batalkan semua`: the owner is told once for all its bookings. */
  | { kind: 'period'; periodId: number };

/** Where a handover was recorded from, when it matters to whoever reacts. */
export type HandoverCause =
  | { kind: 'request' }
  /** An owner's button under a bot message: a command's reply shows the record, a return asks the kilometres. */
  | { kind: 'ownerPress'; message: { messageId: number; role: HandoverMessageRole | undefined; text: string } };

export interface BookingCreated {
  type: 'bookingCreated';
  booking: EventBooking & { reason: string; needStnk: boolean; voucherCode: string | null; purpose: Purpose };
  at: Date;
}

export interface BookingCancelled {
  type: 'bookingCancelled';
  booking: EventBooking & { voucherCode: string | null };
  by: Canceller;
  reason: string;
  cause: CancelCause;
  at: Date;
  timeZone: string;
}

/** A pickup, return or release recorded for the first time, or an admin's correction of one. */
export interface HandoverRecorded {
  type: 'loanPickedUp' | 'loanReturned' | 'bookingReleased';
  event: HandoverEvent;
  /** The booking as it stands after the record, and before it. */
  booking: HandoverBooking;
  previous: HandoverBooking;
  by: Recorder;
  /** Set when an admin recorded it: the audit trail names them, with `detail` (what was recorded, or what a correction changed). */
  admin: { id: string; name: string; detail: string } | null;
  /** An admin's correction of an event recorded before. */
  corrected: boolean;
  cause: HandoverCause;
  /** The instant the event happened (an admin may give an earlier one), and the instant it was written. */
  at: Date;
  recordedAt: Date;
  timeZone: string;
  graceMinutes: number;
}

/** Who made, changed or ended a period: an admin (audited by name) or the owner from Telegram. */
export type PeriodActor = { kind: 'admin'; userId: string; name: string } | { kind: 'owner' };

export interface EventPeriod extends OutOfServicePeriod {
  id: number;
  ref: string;
}

/**
 * A `Tidak tersedia` period made (`periodStarted`), decided or edited (`periodChanged`): `warned` are the bookings inside it that `Biarkan`
 * left standing in this commit, whose borrowers are told. `affected` counts the bookings the decision was about.
 */
export interface PeriodStarted {
  type: 'periodStarted';
  period: EventPeriod;
  by: PeriodActor;
  decision: OutOfServiceDecision | null;
  affected: number;
  warned: EventBooking[];
  at: Date;
}

export interface PeriodChanged {
  type: 'periodChanged';
  period: EventPeriod;
  previous: EventPeriod;
  by: PeriodActor;
  /** The choice for the bookings the change brought inside; null when it brought none. */
  decision: OutOfServiceDecision | null;
  affected: number;
  warned: EventBooking[];
  at: Date;
}

/** `/siap` or `Motor sudah siap`: the period ends at `period.untilDate`/`untilTime`, before it was to end at `previous`'s. */
export interface PeriodEnded {
  type: 'periodEnded';
  period: EventPeriod;
  previous: EventPeriod;
  by: PeriodActor;
  at: Date;
}

/** An admin's waiver or other amount for a loan's charge. */
export interface ChargeChanged {
  type: 'chargeChanged';
  /** The loan, when it is still on the roll; `ref` alone otherwise. */
  loan: { name: string; date: string; start: string } | null;
  ref: string;
  before: number;
  after: number;
  reason: string;
  admin: { id: string; name: string };
  at: Date;
}

/** An admin's `Akhiri tawaran` on a wait or the hold of its offer (issue 40). */
export interface WaitEndedByAdmin {
  type: 'waitEndedByAdmin';
  wait: { name: string; date: string; start: string; end: string };
  held: boolean;
  admin: { id: string; name: string };
  at: Date;
}

/** The fuel told after a return recorded without it (`completeReturn`): the same record, its time unmoved. */
export interface ReturnCompleted {
  type: 'returnCompleted';
  /** The booking as it stands after the fuel was added. */
  booking: HandoverBooking;
  by: Recorder;
  at: Date;
}

export type DomainEvent =
  | BookingCreated
  | ReturnCompleted
  | BookingCancelled
  | HandoverRecorded
  | PeriodStarted
  | PeriodChanged
  | PeriodEnded
  | ChargeChanged
  | WaitEndedByAdmin;

export const HANDOVER_EVENT_TYPES = { pickup: 'loanPickedUp', return: 'loanReturned', release: 'bookingReleased' } as const;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
