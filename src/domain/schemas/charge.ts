import { z } from 'zod';

export const chargeLineSchema = z.object({ label: z.string(), amount: z.number() });

/** A loan's charge as its borrower and the admin see it: `amount` is owed, `computed` what the rules say. */
export const loanChargeSchema = z.object({
  lines: z.array(chargeLineSchema),
  computed: z.number(),
  amount: z.number(),
  provisional: z.boolean(),
  changed: z.boolean(),
  paid: z.boolean(),
  /** `Cara bayar`, on the borrower's own charge once the treasurer has said it. */
  howToPay: z.string().nullable().optional(),
  /** A QRIS picture is at /api/kas/qris.png. */
  qris: z.boolean().optional(),
  /** `Saya sudah bayar` pressed: waiting for the treasurer, or refused by them. */
  claim: z.enum(['pending', 'refused']).nullable().optional(),
});
export type LoanCharge = z.infer<typeof loanChargeSchema>;
