import { z } from 'zod';

/** Every error answer of the API: a message, per-field messages, or both (a rule failure, 422, has only `errors`). */
export const errorResponseSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  /** One line per bad row of a refused roster import. */
  problems: z.array(z.string()).optional(),
});
