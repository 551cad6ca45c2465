import { z } from 'zod';
import { adminMessages } from '../admin/admin-messages';
import { EXPENSE_CATEGORIES, isMonth, MAX_FUND_AMOUNT, MAX_FUND_NOTE_LENGTH, PAYMENT_METHODS } from '../fund/fund';
import { messages } from '../text/messages';
import { plainText } from '../text/plain-text';
import { isCalendarDate } from '../time/clock';
import { type LoanCharge, loanChargeSchema } from './charge';

export type { LoanCharge };

const labels = adminMessages.fund;

const amount = (min: number) =>
  z
    .number({ error: labels.invalidAmount })
    .int({ error: labels.invalidAmount })
    .min(min, { error: labels.invalidAmount })
    .max(MAX_FUND_AMOUNT, {
      error: labels.invalidAmount,
    });
/** Not after today: the service checks that, knowing today. */
const fundDate = z
  .string({ error: messages.invalidField(labels.date) })
  .refine(isCalendarDate, { error: messages.invalidField(labels.date) });
const note = plainText(labels.note)
  .max(MAX_FUND_NOTE_LENGTH, { error: labels.noteTooLong(MAX_FUND_NOTE_LENGTH) })
  .default('');

export const paymentRequestSchema = z.strictObject({
  member: z.string({ error: labels.memberRequired }).min(1, { error: labels.memberRequired }).max(64, { error: labels.memberUnknown }),
  amount: amount(1),
  method: z.enum(PAYMENT_METHODS, { error: labels.methodInvalid }),
  date: fundDate,
  note,
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const expenseRequestSchema = z.strictObject({
  category: z.enum(EXPENSE_CATEGORIES, { error: labels.categoryInvalid }),
  amount: amount(1),
  date: fundDate,
  note,
});
export type ExpenseRequest = z.infer<typeof expenseRequestSchema>;

/** 0 waives the charge. */
export const chargeChangeRequestSchema = z.strictObject({
  amount: amount(0),
  reason: plainText(labels.reason, { error: labels.reasonRequired })
    .max(MAX_FUND_NOTE_LENGTH, { error: labels.noteTooLong(MAX_FUND_NOTE_LENGTH) })
    .refine((value) => value.trim() !== '', { error: labels.reasonRequired }),
});
export type ChargeChangeRequest = z.infer<typeof chargeChangeRequestSchema>;

export const fundBookQuerySchema = z.strictObject({
  member: z.string().max(64).optional(),
  month: z.string().refine(isMonth, { error: labels.invalidMonth }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FundBookQuery = z.infer<typeof fundBookQuerySchema>;

export const fundEntrySchema = z.object({
  kind: z.enum(['charge', 'payment', 'expense']),
  date: z.string(),
  /** The member's name and class; null for an expense. */
  member: z.object({ ref: z.string(), name: z.string(), class: z.string() }).nullable(),
  /** The booking's ref for a charge (to change it). */
  ref: z.string().nullable(),
  detail: z.string(),
  amount: z.number(),
  note: z.string(),
  charge: loanChargeSchema.nullable(),
});
export type FundEntry = z.infer<typeof fundEntrySchema>;

export const outstandingMemberSchema = z.object({ ref: z.string(), name: z.string(), class: z.string(), amount: z.number() });
export type OutstandingMember = z.infer<typeof outstandingMemberSchema>;

export const fundOverviewSchema = z.object({
  balance: z.number(),
  totalOutstanding: z.number(),
  outstanding: z.array(outstandingMemberSchema),
  members: z.array(z.object({ ref: z.string(), name: z.string(), class: z.string(), active: z.boolean() })),
  today: z.string(),
});
export type FundOverview = z.infer<typeof fundOverviewSchema>;

export const fundBookSchema = z.object({ entries: z.array(fundEntrySchema), page: z.number(), pages: z.number(), total: z.number() });
export type FundBook = z.infer<typeof fundBookSchema>;
