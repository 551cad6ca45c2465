import { z } from 'zod';
import { daysBetween, isCalendarDate, isClockTime } from '../clock';
import { MAX_LIST_DAYS, MAX_NAME_LENGTH, MAX_REASON_LENGTH } from '../limits';
import { messages } from '../messages';
import { plainText } from '../plain-text';

// What the booking API is asked, as the server checks it. Apart from the answers
// (booking-schemas.ts), which pages load: building these cost a cheap phone 70 ms at first load.

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

export const listBookingsQuerySchema = z.strictObject({
  date: calendarDate(messages.dateRequired).refine((value) => value !== '', { error: messages.dateRequired }),
});

const requiredDate = (required: string) => calendarDate(required).refine((value) => value !== '', { error: required });

/** `from` to `to`, both included: the availability page loads a week at once. */
export const listBookingsRangeQuerySchema = z
  .strictObject({ from: requiredDate(messages.rangeFromRequired), to: requiredDate(messages.rangeToRequired) })
  .refine((range) => range.to >= range.from, { error: messages.rangeReversed, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) < MAX_LIST_DAYS, { error: messages.rangeTooLong(MAX_LIST_DAYS), path: ['to'] });
