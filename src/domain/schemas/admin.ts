import { z } from 'zod';
import { adminMessages } from '../admin/admin-messages';
import { MAX_CLASS_LENGTH, MAX_NAME_LENGTH } from '../booking/limits';
import { PURPOSES } from '../fund/charges';
import { messages } from '../text/messages';
import { hasLineBreakOrControl, plainText, withoutByteOrderMark } from '../text/plain-text';
import { isCalendarDate } from '../time/clock';
import { bookingSpanShape } from './bookings';
import { adminHandoverSchema } from './handover';

// User ids are 12 characters; imported ones may be longer.
export const MAX_LOGIN_CODE_LENGTH = 200;

export const loginRequestSchema = z.strictObject({
  name: plainText('Nama', { error: (issue) => (issue.input === undefined ? messages.loginNameRequired : messages.invalidField('Nama')) })
    .max(MAX_NAME_LENGTH, { error: messages.tooLong('Nama', MAX_NAME_LENGTH) })
    .refine((value) => value.trim() !== '', { error: messages.loginNameRequired }),
  // Not trimmed: the code must equal the id exactly.
  code: plainText('Kode Masuk', {
    error: (issue) => (issue.input === undefined ? messages.loginCodeRequired : messages.invalidField('Kode Masuk')),
  })
    .max(MAX_LOGIN_CODE_LENGTH, { error: messages.tooLong('Kode Masuk', MAX_LOGIN_CODE_LENGTH) })
    .refine((value) => value !== '', { error: messages.loginCodeRequired }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

// No id: an admin's id is their login code, and no answer carries it (docs/decisions/0017).
export const adminSchema = z.object({ name: z.string(), role: z.literal('admin') });
export type Admin = z.infer<typeof adminSchema>;

export const adminResponseSchema = z.object({ admin: adminSchema });

// APP_TIMEZONE: every recorded instant on the admin screens is shown on the app's wall clock.
export const adminSessionResponseSchema = adminResponseSchema.extend({ timeZone: z.string() });

export const createdVoucherSchema = z.object({ code: z.string(), createdAt: z.string() });
export type CreatedVoucher = z.infer<typeof createdVoucherSchema>;
export const createVoucherResponseSchema = z.object({ voucher: createdVoucherSchema });

export const MAX_VOUCHER_NOTE_LENGTH = 100;
export const MAX_CANCEL_REASON_LENGTH = 500;
export const MAX_RANGE_DAYS = 366;
// Under the request body limit of 64 KiB.
export const MAX_ROSTER_CSV_LENGTH = 60_000;

const requiredText = (label: string, required: string, max: number, { oneLine = false } = {}) =>
  plainText(label, { error: (issue) => (issue.input === undefined ? required : messages.invalidField(label)) })
    .max(max, { error: messages.tooLong(label, max) })
    .refine((value) => !oneLine || !hasLineBreakOrControl(value), { error: messages.controlCharacter(label) })
    .refine((value) => value.trim() !== '', { error: required });

const calendarDate = (label: string) =>
  z.string({ error: messages.invalidField(label) }).refine(isCalendarDate, { error: messages.invalidField(label) });

export const createVoucherRequestSchema = z.strictObject({
  note: plainText(adminMessages.voucherNote, { error: messages.invalidField(adminMessages.voucherNote) })
    .max(MAX_VOUCHER_NOTE_LENGTH, { error: messages.tooLong(adminMessages.voucherNote, MAX_VOUCHER_NOTE_LENGTH) })
    .optional(),
});
export type CreateVoucherRequest = z.infer<typeof createVoucherRequestSchema>;

export const voucherStatusSchema = z.enum(['unused', 'used', 'revoked']);
export type VoucherStatus = z.infer<typeof voucherStatusSchema>;

export const adminVoucherSchema = z.object({
  code: z.string(),
  note: z.string().nullable(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  status: voucherStatusSchema,
  /** Null while unused, or when the original app did not record it. */
  usedBy: z.object({ name: z.string(), date: z.string(), start: z.string(), end: z.string(), endDate: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;
export const listAdminVouchersResponseSchema = z.object({ vouchers: z.array(adminVoucherSchema) });
export const revokeVoucherResponseSchema = z.object({ message: z.string(), voucher: adminVoucherSchema });

export const bookingRangeQuerySchema = z.strictObject({
  from: calendarDate(adminMessages.rangeFrom).optional(),
  to: calendarDate(adminMessages.rangeTo).optional(),
  /** `late`: only loans out past their end and grace now (the `Terlambat` filter). */
  state: z.enum(['late'], { error: messages.invalidField('state') }).optional(),
  motor: z.coerce
    .number({ error: messages.invalidField('motor') })
    .int({ error: messages.invalidField('motor') })
    .positive({ error: messages.invalidField('motor') })
    .optional(),
});

export const adminBookingSchema = z.object({
  ref: z.string(),
  ...bookingSpanShape,
  name: z.string(),
  class: z.string(),
  reason: z.string(),
  needStnk: z.boolean(),
  voucherCode: z.string().nullable(),
  createdAt: z.string().nullable(),
  cancellation: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  handover: adminHandoverSchema,
  purpose: z.enum(PURPOSES),
  motor: z.object({ id: z.number(), name: z.string() }).optional(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const listAdminBookingsResponseSchema = z.object({ from: z.string(), to: z.string(), bookings: z.array(adminBookingSchema) });

export const cancelBookingRequestSchema = z.strictObject({
  reason: requiredText(adminMessages.cancelReasonLabel, adminMessages.cancelReasonRequired, MAX_CANCEL_REASON_LENGTH),
});
export const cancelBookingResponseSchema = z.object({ message: z.string(), booking: adminBookingSchema });

export const memberSchema = z.object({
  // Never the id, which is an admin's login code.
  ref: z.string(),
  name: z.string(),
  class: z.string(),
  admin: z.boolean(),
  active: z.boolean(),
  /** Marked `Panitia`: may book for the committee (issue 25). */
  committee: z.boolean(),
  bookings: z.number(),
});
export type Member = z.infer<typeof memberSchema>;
/** `classes`: every class of the roster, the add and edit form's choices. */
export const listMembersResponseSchema = z.object({ members: z.array(memberSchema), classes: z.array(z.string()) });

/** A coming booking of a member: the deactivation's confirmation lists them, each linked to its day. */
export const memberBookingSchema = z.object({ ref: z.string(), ...bookingSpanShape });
export type MemberBooking = z.infer<typeof memberBookingSchema>;
export const memberBookingsResponseSchema = z.object({ bookings: z.array(memberBookingSchema) });

export const memberRequestSchema = z.strictObject({
  name: requiredText(adminMessages.memberName, adminMessages.memberNameRequired, MAX_NAME_LENGTH, { oneLine: true }),
  class: requiredText(adminMessages.memberClass, adminMessages.memberClassRequired, MAX_CLASS_LENGTH, { oneLine: true }),
  admin: z.boolean({ error: messages.invalidField(adminMessages.memberAdmin) }).default(false),
  committee: z.boolean({ error: messages.invalidField(adminMessages.fund.committee) }).default(false),
});
export type MemberRequest = z.infer<typeof memberRequestSchema>;
/** `loginCode` only when the member just became an admin: shown once, never again. */
export const memberResponseSchema = z.object({ member: memberSchema, loginCode: z.string().optional() });

export const importRosterRequestSchema = z.strictObject({
  csv: z.preprocess(withoutByteOrderMark, requiredText('CSV', adminMessages.importFileRequired, MAX_ROSTER_CSV_LENGTH)),
});
export const importRosterResponseSchema = z.object({ imported: z.number(), message: z.string() });
export const auditQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: messages.invalidField('page') })
    .int({ error: messages.invalidField('page') })
    .min(1, { error: messages.invalidField('page') })
    .default(1),
});
export const auditEntrySchema = z.object({
  at: z.string(),
  who: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  // Refused sign-ins only: `who` is the name as typed, checked against nothing.
  address: z.string().nullable().optional(),
  repeats: z.number().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageResponseSchema = z.object({ entries: z.array(auditEntrySchema), page: z.number(), pages: z.number() });
