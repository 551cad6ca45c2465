import { z } from 'zod';
import type { BookingSpan } from '../booking-rules';
import { findCancelRefusal, type LocalMoment } from '../cancellation';
import { messages } from '../messages';
import { bookingSpanShape } from './bookings';
import { loanChargeSchema } from './charge';
import { ownHandoverSchema } from './handover';

export const ownBookingStatuses = ['upcoming', 'started', 'cancelled'] as const;
export type OwnBookingStatus = (typeof ownBookingStatuses)[number];

/** By the same rule cancelling applies. */
export function ownBookingStatus(booking: BookingSpan & { cancelledAt: string | null }, now: LocalMoment): OwnBookingStatus {
  const refusal = findCancelRefusal(booking, { kind: 'borrower' }, now);
  if (refusal === 'alreadyCancelled') return 'cancelled';
  return refusal === 'alreadyStarted' ? 'started' : 'upcoming';
}

/** What the cancel page shows and nothing else: no ids, no reason. */
export const ownBookingSchema = z.object({
  ...bookingSpanShape,
  name: z.string(),
  class: z.string(),
  status: z.enum(ownBookingStatuses),
  handover: ownHandoverSchema,
  /** Null until the loan's charge is written (issue 25). */
  charge: loanChargeSchema.nullable(),
});
export type OwnBooking = z.infer<typeof ownBookingSchema>;
/** `message`: a handover the other side recorded first (issue 24). */
export const ownBookingResponseSchema = z.object({ booking: ownBookingSchema, message: z.string().optional() });

/** The body of every request that names a booking by its cancel secret. */
export const cancelTokenRequestSchema = z.strictObject({
  token: z.string({ error: messages.invalidField('token') }).max(200, { error: messages.invalidField('token') }),
});
