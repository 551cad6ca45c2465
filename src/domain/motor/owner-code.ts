import { z } from 'zod';

export const ownerCodeResponseSchema = z.object({ code: z.string(), bot: z.string(), expiresAt: z.string() });
export type OwnerCodeResponse = z.infer<typeof ownerCodeResponseSchema>;
