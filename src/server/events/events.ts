import type { NamedBookingSpan } from '../../domain/booking/booking-day';
import type { Canceller } from '../../domain/booking/cancellation';
import type { HandoverMessageRole } from '../../domain/chat/owner-bot';
import type { Purpose } from '../../domain/fund/charges';
import type { HandoverBooking, HandoverEvent, Recorder } from '../../domain/handover/handover';

/** What every subscriber of a booking's event may read of it. */
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

export type DomainEvent = BookingCreated | BookingCancelled | HandoverRecorded;

export const HANDOVER_EVENT_TYPES = { pickup: 'loanPickedUp', return: 'loanReturned', release: 'bookingReleased' } as const;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
