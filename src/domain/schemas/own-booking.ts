import { z } from 'zod';
import { type CancellableBooking, findCancelRefusal } from '../booking/cancellation';
import { messages } from '../text/messages';
import type { LocalMoment } from '../time/moment';
import { bookingSpanShape, shownBikeSchema } from './bookings';
import { loanChargeSchema } from './charge';
import { ownHandoverSchema } from './handover';

export const ownBookingStatuses = ['upcoming', 'started', 'cancelled'] as const;
export type OwnBookingStatus = (typeof ownBookingStatuses)[number];

/** By the same rule cancelling applies: a loan picked up (or released) before its start is no longer the borrower's to cancel. */
export function ownBookingStatus(booking: CancellableBooking, now: LocalMoment): OwnBookingStatus {
  const refusal = findCancelRefusal(booking, { kind: 'borrower' }, now);
  if (refusal === undefined) return 'upcoming';
  return refusal === 'alreadyCancelled' ? 'cancelled' : 'started';
}

export const ownNoticeSchema = z.object({
  text: z.string(),
  /** `Pesan lagi`: the booking form prefilled with the same time. */
  link: z.object({ label: z.string(), href: z.string() }).optional(),
});
export type OwnNotice = z.infer<typeof ownNoticeSchema>;

/** What the cancel page and the card show and nothing else: no ids, no reason for borrowing. */
export const ownBookingSchema = z.object({
  ...bookingSpanShape,
  name: z.string(),
  class: z.string(),
  status: z.enum(ownBookingStatuses),
  /** Who cancelled it and why, told to the borrower (issue 28); null while it stands. */
  cancellation: z.object({ by: z.string(), reason: z.string() }).nullable(),
  handover: ownHandoverSchema,
  /** Null until the loan's charge is written (issue 25). */
  charge: loanChargeSchema.nullable(),
  /** What a decision about it says to the borrower (issue 38): kept inside a period, released, offered again with its link. */
  notice: ownNoticeSchema.optional(),
  /** Its bike, only while two or more bikes are active (0060). */
  motor: shownBikeSchema.optional(),
});
export type OwnBooking = z.infer<typeof ownBookingSchema>;
/** `message`: a handover the other side recorded first (issue 24). */
export const ownBookingResponseSchema = z.object({ booking: ownBookingSchema, message: z.string().optional() });

/** At most the bookings a device keeps on its card at once, with room to spare. */
export const MAX_TOKENS_PER_LOOKUP = 20;

/** The card's one request for all its bookings, each proved by its own secret. */
export const cancelTokensRequestSchema = z.strictObject({
  tokens: z
    .array(z.string().max(200), { error: messages.invalidField('tokens') })
    .min(1, { error: messages.invalidField('tokens') })
    .max(MAX_TOKENS_PER_LOOKUP, { error: messages.invalidField('tokens') }),
});

/** In the order asked; null for a secret that names no booking. */
export const ownBookingsResponseSchema = z.object({ bookings: z.array(ownBookingSchema.nullable()) });

/** The body of every request that names a booking by its cancel secret. */
export const cancelTokenRequestSchema = z.strictObject({
  token: z.string({ error: messages.invalidField('token') }).max(200, { error: messages.invalidField('token') }),
});
