import { z } from 'zod';
import { MAX_LIST_DAYS, MAX_NAME_LENGTH, MAX_REASON_LENGTH } from '../booking/limits';
import { PURPOSES } from '../fund/charges';
import { messages } from '../text/messages';
import { plainText } from '../text/plain-text';
import { daysBetween, isCalendarDate, isClockTime } from '../time/clock';

// Apart from the answers (bookings.ts), which pages load: building these cost a cheap phone 70 ms at first load.

export const bookingFieldLabels = {
  name: 'Nama peminjam',
  date: 'Tanggal peminjaman',
  start: 'Jam mulai',
  end: 'Jam selesai',
  reason: 'Alasan peminjaman',
  needStnk: 'Butuh STNK',
  purpose: 'Keperluan',
  motorId: 'Motor',
} as const;

const shapeError = (required: string, invalid: string) => (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid);

const text = (label: string, max: number, required: string) =>
  plainText(label, { error: shapeError(required, messages.invalidField(label)) }).max(max, { error: messages.tooLong(label, max) });

// Empty strings pass, for the booking rules to report as required (422).
export const calendarDate = (required: string) =>
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
  purpose: z.enum(PURPOSES, { error: messages.invalidField(bookingFieldLabels.purpose) }).default('personal'),
  motorId: z
    .number({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .int({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .positive({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .optional(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

export const listBookingsQuerySchema = z.strictObject({
  date: calendarDate(messages.dateRequired).refine((value) => value !== '', { error: messages.dateRequired }),
});

const requiredDate = (required: string) => calendarDate(required).refine((value) => value !== '', { error: required });

export const listBookingsRangeQuerySchema = z
  .strictObject({ from: requiredDate(messages.rangeFromRequired), to: requiredDate(messages.rangeToRequired) })
  .refine((range) => range.to >= range.from, { error: messages.rangeReversed, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) < MAX_LIST_DAYS, { error: messages.rangeTooLong(MAX_LIST_DAYS), path: ['to'] });
