import { z } from 'zod';
import { MAX_CLASS_LENGTH } from '../limits';

// What the booking API answers. What it is asked (the form, the schedule's query) is checked by
// booking-requests.ts: a page loads these to read answers without building those.

/** The span of a stored booking as the answers carry it. */
export const bookingSpanShape = {
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** The date the loan ends: the next day for an overnight voucher loan. */
  endDate: z.string(),
};

/** What a student sees of the booking they made: no id (ids would tell the order and count of bookings). */
export const createdBookingSchema = z.object({
  name: z.string(),
  class: z.string(),
  ...bookingSpanShape,
  reason: z.string(),
  needStnk: z.boolean(),
  usedVoucher: z.boolean(),
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
/** `cancelToken`: the borrower's cancel secret, answered once, here; the server keeps only its hash. */
export const createBookingResponseSchema = z.object({ booking: createdBookingSchema, cancelToken: z.string() });
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

export const dayBookingSchema = z.object({
  start: z.string(),
  end: z.string(),
  name: z.string(),
  class: z.string(),
  /** The loan began the day before (an overnight voucher loan); `start` is that day's time. */
  continuesFromPreviousDay: z.boolean(),
  /** The loan ends on the next day; `end` is that day's time. */
  continuesNextDay: z.boolean(),
});
export type DayBooking = z.infer<typeof dayBookingSchema>;
export const listBookingsResponseSchema = z.object({ date: z.string(), bookings: z.array(dayBookingSchema) });
export type ListBookingsResponse = z.infer<typeof listBookingsResponseSchema>;

export const rosterEntrySchema = z.object({ name: z.string(), class: z.string().max(MAX_CLASS_LENGTH) });
export const rosterResponseSchema = z.object({ users: z.array(rosterEntrySchema) });
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const todayResponseSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  /** The server's current instant (ISO): the availability page's clock, whatever the phone's says. */
  now: z.iso.datetime(),
  /** 'HH:MM' at `now` in the app's zone. */
  time: z.string(),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

export const listBookingsRangeResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every date from `from` to `to` in order, each with its bookings as the one-date form lists them. */
  days: z.array(listBookingsResponseSchema),
});
export type ListBookingsRangeResponse = z.infer<typeof listBookingsRangeResponseSchema>;
