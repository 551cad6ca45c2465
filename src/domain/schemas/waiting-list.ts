import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_REASON_LENGTH } from '../booking/limits';
import { isWellFormedSecret } from '../chat/borrower-bot';
import { messages } from '../text/messages';
import { plainText } from '../text/plain-text';
import { isClockTime } from '../time/clock';
import { bookingFieldLabels, calendarDate } from './booking-requests';
import { createdBookingSchema, shownBikeSchema } from './bookings';

const deviceSecret = z.string().refine(isWellFormedSecret);
const clockTime = (label: string) => z.string().refine(isClockTime, { error: messages.invalidTimeOf(label) });
const text = (label: string, max: number, required: string) =>
  plainText(label, { error: messages.invalidField(label) })
    .max(max, { error: messages.tooLong(label, max) })
    .refine((value) => value.trim() !== '', { error: required });

/** The bike waited for (null: `Motor mana saja`), or held, only with two or more active bikes (0062). */
const waitBikeShape = { motor: shownBikeSchema.nullable().optional() };

export const waitSchema = z.object({ name: z.string(), date: z.string(), start: z.string(), end: z.string(), ...waitBikeShape });
export type Wait = z.infer<typeof waitSchema>;

/** Whether the device has a linked chat, and its open waits (in order of request). */
export const waitDeviceRequestSchema = z.strictObject({ deviceSecret });
/** `taken`: the offers of its waits taken lately, whose booking the card asks for (0058); `bikes`: the active ones, with two or more. */
export const waitDeviceResponseSchema = z.object({
  linked: z.boolean(),
  waits: z.array(waitSchema),
  taken: z.array(z.number()).default([]),
  bikes: z.array(shownBikeSchema).optional(),
});

/**
 * `Kabari saya kalau kosong`: the wanted span on one date, for a roster name, with the reason its booking will carry when taken. 409 `{
 * message, needsLink: true }` when the device has no linked chat; 422 `{ errors }` for a rule; 503 while Telegram is not configured.
 */
export const createWaitRequestSchema = z.strictObject({
  deviceSecret,
  name: text(bookingFieldLabels.name, MAX_NAME_LENGTH, messages.nameRequired),
  date: calendarDate(messages.dateRequired).refine((value) => value !== '', { error: messages.dateRequired }),
  start: clockTime(bookingFieldLabels.start),
  end: clockTime(bookingFieldLabels.end),
  reason: text(bookingFieldLabels.reason, MAX_REASON_LENGTH, messages.reasonRequired),
  motorId: z
    .number({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .int({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .positive({ error: messages.invalidField(bookingFieldLabels.motorId) })
    .optional(),
});
export type CreateWaitRequest = z.infer<typeof createWaitRequestSchema>;
export const createWaitResponseSchema = z.object({ wait: waitSchema });

/** A wait in the console: open, or holding its offer's span until `heldUntil` (a wall-clock time). */
export const adminWaitSchema = z.object({
  ref: z.string(),
  name: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  heldUntil: z.string().nullable(),
  ...waitBikeShape,
});
export type AdminWait = z.infer<typeof adminWaitSchema>;
export const adminWaitsResponseSchema = z.object({ waits: z.array(adminWaitSchema) });
export const endWaitResponseSchema = z.object({ message: z.string() });

/**
 * `Ambil` or `Lewati` on an offer's notification (0058), from the wait's device: 200 `{ message, cancelToken?, booking? }` (the booking
 * and its cancel secret when it was taken, so it lands on that phone's card), 404 when the offer is not this device's.
 */
export const offerPressRequestSchema = z.strictObject({ deviceSecret, action: z.enum(['take', 'skip']) });
export const offerPressResponseSchema = z.object({
  message: z.string(),
  cancelToken: z.string().optional(),
  booking: createdBookingSchema.optional(),
});
