import { z } from 'zod';
import { MAX_NAME_LENGTH } from './limits';
import { messages } from './messages';
import { plainText } from './plain-text';

/** Longest login code accepted; user ids are 12 characters, imported ones may be longer. */
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

export const adminSchema = z.object({ id: z.string(), name: z.string(), role: z.literal('admin') });
export type Admin = z.infer<typeof adminSchema>;

/** Answer of a login and of a session check. */
export const adminResponseSchema = z.object({ admin: adminSchema });

export const createdVoucherSchema = z.object({ code: z.string(), createdAt: z.string() });
export type CreatedVoucher = z.infer<typeof createdVoucherSchema>;
export const createVoucherResponseSchema = z.object({ voucher: createdVoucherSchema });

export const voucherSummarySchema = z.object({
  code: z.string(),
  /** Null for a voucher imported from the original app, which kept no time. */
  createdAt: z.string().nullable(),
  isUsed: z.boolean(),
  /** The booking that used it; null while unused, or when the original app did not record it. */
  usedBy: z.object({ name: z.string(), date: z.string() }).nullable(),
});
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;
export const listVouchersResponseSchema = z.object({ vouchers: z.array(voucherSummarySchema) });
