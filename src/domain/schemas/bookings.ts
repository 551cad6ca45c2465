import { z } from 'zod';
import { MAX_CLASS_LENGTH } from '../booking/limits';
import { HANDOVER_STAGES } from '../handover/handover';
import { outOfServiceClockSchema } from './out-of-service';

export const bookingSpanShape = {
  date: z.string(),
  start: z.string(),
  end: z.string(),
  endDate: z.string(),
};

export const shownBikeSchema = z.object({ id: z.number(), name: z.string() });
export type ShownBike = z.infer<typeof shownBikeSchema>;

// No id: ids would tell the order and count of bookings.
export const createdBookingSchema = z.object({
  name: z.string(),
  class: z.string(),
  ...bookingSpanShape,
  reason: z.string(),
  needStnk: z.boolean(),
  usedVoucher: z.boolean(),
  /** Only when two or more bikes are active (0060). */
  motor: shownBikeSchema.optional(),
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
/** `cancelToken` is answered once, here; the server keeps only its hash. */
export const createBookingResponseSchema = z.object({ booking: createdBookingSchema, cancelToken: z.string() });
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

export const dayBookingSchema = z.object({
  start: z.string(),
  end: z.string(),
  name: z.string(),
  class: z.string(),
  // When set, `start` is the previous day's time, or `end` the next day's.
  continuesFromPreviousDay: z.boolean(),
  continuesNextDay: z.boolean(),
  /** With the app clock, decides what the page calls it (bookingState); a returned or released booking's `end` is the real one. */
  stage: z.enum(HANDOVER_STAGES),
  /** The booking's bike, only while two or more bikes are active (0060). */
  motorId: z.number().optional(),
});
export type DayBooking = z.infer<typeof dayBookingSchema>;
export const listBookingsResponseSchema = z.object({ date: z.string(), bookings: z.array(dayBookingSchema) });
export type ListBookingsResponse = z.infer<typeof listBookingsResponseSchema>;

/** `committee`: the member may choose `Panitia` (issue 25); absent means not. */
export const rosterEntrySchema = z.object({ name: z.string(), class: z.string().max(MAX_CLASS_LENGTH), committee: z.boolean().optional() });
export const rosterResponseSchema = z.object({ users: z.array(rosterEntrySchema) });
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const todayResponseSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  // The availability page's clock, whatever the phone's says.
  now: z.iso.datetime(),
  time: z.string(),
  /** Past its end by more than this, a loan out is late (bookingState). */
  returnGraceMinutes: z.number(),
  /** Loans picked up and not returned, whatever their day: a loan late since yesterday is still news today. */
  loansOut: z.array(z.object({ name: z.string(), class: z.string(), ...bookingSpanShape, motorId: z.number().optional() })),
  /** The active bikes in the Motor tab's order, only while two or more are (0060): `/` then shows a lane per bike. */
  bikes: z.array(shownBikeSchema).optional(),
  /** The dates whose schedule anyone may see (0037). */
  window: z.object({ from: z.string(), to: z.string() }),
  /**
   * `Tidak tersedia` periods (issue 27), worked out by the server so the first load carries no rule: the status line's text while one
   * covers now, and per date the minutes each covers. Absent from an answer kept from before them.
   */
  outOfService: outOfServiceClockSchema.default({ now: null, days: {} }),
  /** With `bikes`, each bike's own periods by its id: a lane and a status line show only their bike's (0060). */
  outOfServiceByBike: z.record(z.string(), outOfServiceClockSchema).optional(),
  /** Whether the app can tell a waiting borrower (Telegram or push): when not, no block offers `Kabari saya kalau kosong`. */
  waitingList: z.boolean().default(false),
  /** Whether the server has push keys (0058): without, no `Ingatkan di HP ini`. */
  push: z.boolean().default(false),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;
export type LoanOut = TodayResponse['loansOut'][number];

export const listBookingsRangeResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every date from `from` to `to`, in order. */
  days: z.array(listBookingsResponseSchema),
});
export type ListBookingsRangeResponse = z.infer<typeof listBookingsRangeResponseSchema>;
