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
