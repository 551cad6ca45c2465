import { z } from 'zod';

/** `Buat kode pemilik`'s answer: what the bike's owner sends the bot, `/start {code}` to `@{bot}`, before `expiresAt`. */
export const ownerCodeResponseSchema = z.object({ code: z.string(), bot: z.string(), expiresAt: z.string() });
export type OwnerCodeResponse = z.infer<typeof ownerCodeResponseSchema>;
