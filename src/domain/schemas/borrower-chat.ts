import { z } from 'zod';
import { isWellFormedSecret } from '../chat/borrower-bot';
import { cancelTokenRequestSchema, cancelTokensRequestSchema } from './own-booking';

const deviceSecret = z.string().refine(isWellFormedSecret);

/** A fresh link code for the device's bookings, each proved by its cancel secret. */
export const linkCodeRequestSchema = cancelTokensRequestSchema.extend({ deviceSecret });
export const linkCodeResponseSchema = z.object({ url: z.string() });

/** A booking made later from a device that keeps its link. */
export const deviceBookingRequestSchema = cancelTokenRequestSchema.extend({ deviceSecret });
export const deviceBookingResponseSchema = z.object({ linked: z.boolean() });

/** How many chats the device has linked (issue 40): the card shows it beside `Putuskan semua Telegram`. */
export const deviceChatsRequestSchema = z.strictObject({ deviceSecret });
export const deviceChatsResponseSchema = z.object({ chats: z.number().int().nonnegative() });

/** `Putuskan semua Telegram`: every chat unlinked; the device keeps working with the new secret it is given. */
export const unlinkAllRequestSchema = z.strictObject({ deviceSecret });
export const unlinkAllResponseSchema = z.object({ deviceSecret: z.string(), message: z.string() });
