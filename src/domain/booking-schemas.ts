import { z } from 'zod';
import { daysBetween, isCalendarDate, isClockTime } from './clock';
import { MAX_CLASS_LENGTH, MAX_LIST_DAYS, MAX_NAME_LENGTH, MAX_REASON_LENGTH } from './limits';
import { messages } from './messages';
import { plainText } from './plain-text';

/** How each booking field is called in a message about its shape. */
export const bookingFieldLabels = {
  name: 'Nama peminjam',
  date: 'Tanggal peminjaman',
  start: 'Jam mulai',
  end: 'Jam selesai',
  reason: 'Alasan peminjaman',
  needStnk: 'Butuh STNK',
} as const;

// A missing key is reported as the field's required message; a wrong type as invalid.
const shapeError = (required: string, invalid: string) => (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid);

const text = (label: string, max: number, required: string) =>
  plainText(label, { error: shapeError(required, messages.invalidField(label)) }).max(max, { error: messages.tooLong(label, max) });

// Empty strings pass the shape check so that the booking rules can report them as required (422).
const calendarDate = (required: string) =>
  z
    .string({ error: shapeError(required, messages.invalidDate) })
    .refine((value) => value === '' || isCalendarDate(value), { error: messages.invalidDate });
const clockTime = (label: string, required: string) =>
  z
    .string({ error: shapeError(required, messages.invalidTimeOf(label)) })
    .refine((value) => value === '' || isClockTime(value), { error: messages.invalidTimeOf(label) });

export const createBookingRequestSchema = z.strictObject({
  name: text(bookingFieldLabels.name, MAX_NAME_LENGTH, messages.nameRequired),
  date: calendarDate(messages.dateRequired),
  start: clockTime(bookingFieldLabels.start, messages.startRequired),
  end: clockTime(bookingFieldLabels.end, messages.endRequired),
  reason: text(bookingFieldLabels.reason, MAX_REASON_LENGTH, messages.reasonRequired),
  needStnk: z.enum(['', 'ya', 'tidak'], { error: messages.invalidField(bookingFieldLabels.needStnk) }).default(''),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

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

export const listBookingsQuerySchema = z.strictObject({
  date: calendarDate(messages.dateRequired).refine((value) => value !== '', { error: messages.dateRequired }),
});

const requiredDate = (required: string) => calendarDate(required).refine((value) => value !== '', { error: required });

/** `from` to `to`, both included: the availability page loads a week at once. */
export const listBookingsRangeQuerySchema = z
  .strictObject({ from: requiredDate(messages.rangeFromRequired), to: requiredDate(messages.rangeToRequired) })
  .refine((range) => range.to >= range.from, { error: messages.rangeReversed, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) < MAX_LIST_DAYS, { error: messages.rangeTooLong(MAX_LIST_DAYS), path: ['to'] });

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
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

export const listBookingsRangeResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every date from `from` to `to` in order, each with its bookings as the one-date form lists them. */
  days: z.array(listBookingsResponseSchema),
});
export type ListBookingsRangeResponse = z.infer<typeof listBookingsRangeResponseSchema>;
