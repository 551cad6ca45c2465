import { z } from 'zod';
import { messages } from '../text/messages';
import { hasLineBreakOrControl, plainText } from '../text/plain-text';
import { bikeMessages } from './bike-messages';
import { keyInfoSchema } from './key-place';

/** A row of the Motor tab (0060), in its order. */
export interface Bike {
  id: number;
  name: string;
  plate: string;
  active: boolean;
}

/** The first bike: the one of installs from before several bikes, whose owner is `TELEGRAM_CHAT_ID`. */
export const FIRST_BIKE_ID = 1;

export type BikeCandidates = { kind: 'candidates'; bikes: Bike[] } | { kind: 'refused'; error: string };

/**
 * The bikes a booking may take, in the order they are tried: the chosen one when it is active, else (`Motor mana saja`) every
 * active bike in the Motor tab's order. A chosen bike that is unknown or inactive takes no booking.
 */
export function bikeCandidates(bikes: readonly Bike[], chosenId: number | undefined): BikeCandidates {
  const active = bikes.filter((bike) => bike.active);
  if (chosenId === undefined)
    return active.length > 0 ? { kind: 'candidates', bikes: active } : { kind: 'refused', error: bikeMessages.noActiveBike };
  const chosen = active.find((bike) => bike.id === chosenId);
  return chosen ? { kind: 'candidates', bikes: [chosen] } : { kind: 'refused', error: bikeMessages.bikeUnavailable };
}

/** Bikes are named on screens and in answers only when more than one takes bookings: with one, nothing changes. */
export function namesBikes(bikes: readonly Bike[]): boolean {
  return bikes.filter((bike) => bike.active).length > 1;
}

const MAX_BIKE_NAME = 40;
const MAX_PLATE = 20;

const bikeName = plainText(bikeMessages.nameLabel)
  .trim()
  .min(1, { error: bikeMessages.nameRequired })
  .max(MAX_BIKE_NAME, { error: messages.tooLong(bikeMessages.nameLabel, MAX_BIKE_NAME) })
  .refine((value) => !hasLineBreakOrControl(value), { error: messages.controlCharacter(bikeMessages.nameLabel) });
const plate = plainText(bikeMessages.plateLabel)
  .trim()
  .max(MAX_PLATE, { error: messages.tooLong(bikeMessages.plateLabel, MAX_PLATE) })
  .refine((value) => !hasLineBreakOrControl(value), { error: messages.controlCharacter(bikeMessages.plateLabel) });

/** `Tambah motor`. */
export const newBikeRequestSchema = z.strictObject({ name: bikeName, plate });
export type NewBikeRequest = z.infer<typeof newBikeRequestSchema>;

export const bikeEditRequestSchema = z.strictObject({ name: bikeName, plate, active: z.boolean() });
export type BikeEditRequest = z.infer<typeof bikeEditRequestSchema>;

export const bikeMoveRequestSchema = z.strictObject({ direction: z.enum(['up', 'down']) });

export const bikeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  plate: z.string(),
  active: z.boolean(),
  lastKm: z.number().nullable(),
  keyInfo: keyInfoSchema,
  /** The first bike's owner is `TELEGRAM_CHAT_ID`; another's links a chat with a code. */
  owner: z.enum(['main-chat', 'linked', 'not-linked']),
});
export type BikeView = z.infer<typeof bikeViewSchema>;
export const bikesResponseSchema = z.object({ bikes: z.array(bikeViewSchema) });
export const bikeResponseSchema = z.object({ bike: bikeViewSchema });

/** The order after moving `id` one place: the bikes' ids in their new order (unchanged at either end). */
export function movedOrder(ids: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const order = [...ids];
  const at = order.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to] as number, order[at] as number];
  return order;
}

/** An edit that would leave no bike taking bookings is refused. */
export function leavesNoActiveBike(bikes: readonly Bike[], id: number, active: boolean): boolean {
  return !active && bikes.every((bike) => bike.id === id || !bike.active);
}
