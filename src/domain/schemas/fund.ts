import { z } from 'zod';
import { adminMessages } from '../admin/admin-messages';
import { EXPENSE_CATEGORIES, isMonth, MAX_FUND_AMOUNT, MAX_FUND_NOTE_LENGTH, PAYMENT_METHODS } from '../fund/fund';
import { INCOME_KINDS, LEDGER_KINDS } from '../fund/ledger';
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

const month = z.string().refine(isMonth, { error: labels.invalidMonth });

/** `Pembayaran tagihan` and `Iuran` are a member's; `Pemasukan lain` is no one's. An `Iuran` is for its date's month unless told. */
export const paymentRequestSchema = z
  .strictObject({
    type: z.enum(INCOME_KINDS, { error: labels.entryType }).default('payment'),
    member: z.string({ error: labels.memberRequired }).max(64, { error: labels.memberUnknown }).default(''),
    amount: amount(1),
    method: z.enum(PAYMENT_METHODS, { error: labels.methodInvalid }),
    date: fundDate,
    duesMonth: month.optional(),
    note,
  })
  .superRefine((value, context) => {
    if (value.type !== 'income' && value.member === '')
      context.addIssue({ code: 'custom', path: ['member'], message: labels.memberRequired });
    if (value.type === 'income' && value.member !== '')
      context.addIssue({ code: 'custom', path: ['member'], message: labels.memberNotAllowed });
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

export const correctionRequestSchema = z.strictObject({
  reason: plainText(labels.correctReason, { error: labels.correctReasonRequired })
    .max(MAX_FUND_NOTE_LENGTH, { error: labels.noteTooLong(MAX_FUND_NOTE_LENGTH) })
    .refine((value) => value.trim() !== '', { error: labels.correctReasonRequired }),
});
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;

/** A month of the book (today's when none is given), 50 entries a page. */
export const fundBookQuerySchema = z.strictObject({
  month: month.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FundBookQuery = z.infer<typeof fundBookQuerySchema>;

export const fundCsvQuerySchema = z.strictObject({ month: month.optional() });

export const duesQuerySchema = z.strictObject({ year: z.coerce.number().int().min(2000).max(2100).optional() });

const memberSchema = z.object({ ref: z.string(), name: z.string(), class: z.string() });

export const fundEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  date: z.string(),
  /** Null for an expense and other income. */
  member: memberSchema.nullable(),
  /** The booking's ref for a charge (to change it). */
  ref: z.string().nullable(),
  detail: z.string(),
  note: z.string(),
  moneyIn: z.number(),
  moneyOut: z.number(),
  /** What it moves in the member's outstanding charges. */
  owed: z.number(),
  duesMonth: z.string().nullable(),
  corrects: z.object({ id: z.number(), kind: z.enum(LEDGER_KINDS), date: z.string() }).nullable(),
  correctedBy: z.object({ id: z.number(), date: z.string() }).nullable(),
  correctable: z.boolean(),
  charge: loanChargeSchema.nullable(),
  by: z.string(),
  motor: z.string().optional(),
});
export type FundEntry = z.infer<typeof fundEntrySchema>;

export const outstandingMemberSchema = memberSchema.extend({ amount: z.number() });
export type OutstandingMember = z.infer<typeof outstandingMemberSchema>;

/** `Saya sudah bayar` waiting for the treasurer. */
export const pendingClaimSchema = z.object({
  id: z.number(),
  member: memberSchema,
  amount: z.number(),
  loanDate: z.string(),
  claimedAt: z.string(),
  motor: z.string().optional(),
});
export type PendingClaim = z.infer<typeof pendingClaimSchema>;

export const fundOverviewSchema = z.object({
  balance: z.number(),
  totalOutstanding: z.number(),
  outstanding: z.array(outstandingMemberSchema),
  members: z.array(memberSchema.extend({ active: z.boolean() })),
  today: z.string(),
  howToPay: z.object({ treasurer: z.string(), account: z.string(), qris: z.boolean() }).nullable(),
  claims: z.array(pendingClaimSchema),
});
export type FundOverview = z.infer<typeof fundOverviewSchema>;

const totalsSchema = z.object({ opening: z.number(), in: z.number(), out: z.number(), closing: z.number() });

export const fundBookSchema = z.object({
  month: z.string(),
  totals: totalsSchema,
  flows: z.array(z.object({ month: z.string(), in: z.number(), out: z.number() })),
  entries: z.array(fundEntrySchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type FundBook = z.infer<typeof fundBookSchema>;

export const memberStatementSchema = z.object({
  member: memberSchema,
  charges: z.number(),
  paid: z.number(),
  dues: z.number(),
  outstanding: z.number(),
  entries: z.array(fundEntrySchema),
});
export type MemberStatement = z.infer<typeof memberStatementSchema>;

export const duesGridSchema = z.object({
  year: z.number(),
  months: z.array(z.string()),
  members: z.array(memberSchema.extend({ paid: z.array(z.number()) })),
});
export type DuesGrid = z.infer<typeof duesGridSchema>;

const MAX_HOW_TO_PAY_LENGTH = 80;
const howToPayField = (label: string) =>
  plainText(label, { error: labels.howToPayRequired(label) })
    .max(MAX_HOW_TO_PAY_LENGTH, { error: labels.howToPayTooLong(label, MAX_HOW_TO_PAY_LENGTH) })
    .refine((value) => value.trim() !== '', { error: labels.howToPayRequired(label) });

/** `Cara bayar`: the treasurer's name and the account or e-wallet number students pay to. */
export const howToPayRequestSchema = z.strictObject({
  treasurer: howToPayField(labels.treasurer),
  account: howToPayField(labels.account),
});
export type HowToPayRequest = z.infer<typeof howToPayRequestSchema>;

/** A QRIS picture, base64 in JSON (the admin's own requests are JSON); the server decodes, checks and shrinks it. */
export const qrisUploadSchema = z.strictObject({ image: z.string().min(1).max(6_000_000) });
