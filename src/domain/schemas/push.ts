import { z } from 'zod';
import { isWellFormedSecret } from '../chat/borrower-bot';
import { MAX_TOKENS_PER_LOOKUP } from './own-booking';

const deviceSecret = z.string().refine(isWellFormedSecret);
const base64url = (length: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`));

/** A browser's PushSubscription as `toJSON()` gives it: the endpoint, the P-256 public key (65 bytes) and the auth secret (16 bytes). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

/**
 * `Ingatkan di HP ini` (0058): the device gets pushes for the bookings its cancel secrets in `tokens` prove, now and later (none: a phone
 * that only waits). 201; 400 for an endpoint the server will not post to; 404 when no secret names a booking.
 */
export const pushSubscribeRequestSchema = z.strictObject({
  deviceSecret,
  tokens: z.array(z.string().max(200)).max(MAX_TOKENS_PER_LOOKUP),
  subscription: pushSubscriptionSchema,
});

/** 204, whether or not the device had that subscription. */
export const pushUnsubscribeRequestSchema = z.strictObject({ deviceSecret, endpoint: z.string().min(1).max(2048) });

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What the service worker receives, decrypted: the notification's text, and for an offer its id and `Ambil` / `Lewati`. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  offerId: z.number().int().positive().optional(),
  actions: z.array(z.object({ action: z.enum(['take', 'skip']), title: z.string() })),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
export const pushSubscribedResponseSchema = z.object({ message: z.string() });
