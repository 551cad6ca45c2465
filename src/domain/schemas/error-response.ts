import { z } from 'zod';

/** A rule failure (422) has only `errors`. */
export const errorResponseSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  problems: z.array(z.string()).optional(),
});
