import type { Executor } from '../../db/executor';
import { bikeNameMessages } from '../../domain/motor/bike-name-messages';
import { findShownBikeNameOfBooking } from '../motor/bike-names';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findBookingChats } from './repository';

/** One row per chat and `key`, whichever instance writes it. */
export function borrowerMessageKey(key: string, chatId: string): string {
  return `${key}@${chatId}`;
}

/** A message for a borrower's devices beside their chats: `key` makes it once per device, `offerId` gives it `Ambil` and `Lewati`. */
export interface DeviceMessage {
  key: string;
  text: string;
  offerId?: number;
}

/**
 * Another way than a linked chat to reach a borrower's device (Web Push, 0058). The composition root
 * installs it, so this room, which the channel's own room uses, never imports it.
 */
export interface BorrowerChannel {
  /** Queues the message once per subscribed device the booking was made from or linked with; how many rows it wrote. */
  toBooking(db: Executor, bookingId: number, message: DeviceMessage, now: Date): Promise<number>;
  toDevice(db: Executor, deviceId: number, message: DeviceMessage, now: Date): Promise<number>;
  reaches(db: Executor, deviceId: number): Promise<boolean>;
}

const NO_CHANNEL: BorrowerChannel = { toBooking: async () => 0, toDevice: async () => 0, reaches: async () => false };
let channel: BorrowerChannel = NO_CHANNEL;

export function installBorrowerChannel(installed: BorrowerChannel): void {
  channel = installed;
}

export function borrowerChannel(): BorrowerChannel {
  return channel;
}

/** With two or more active bikes a message about a booking ends with `Motor: {name}`, in the chat and on the device alike (0060). */
export function withBikeLine(text: string, bike: string | undefined): string {
  return bike === undefined ? text : `${text}\n${bikeNameMessages.chatLine(bike)}`;
}

/**
 * Queues `plain` and its bike's line to every chat linked to the booking and every device subscribed to it, once per
 * chat or device and `key` across instances and restarts. Call it in the transaction that changed the booking.
 */
export async function enqueueToBookingChats(db: Executor, booking: { id: number }, key: string, plain: string, now: Date): Promise<number> {
  const bike = await findShownBikeNameOfBooking(db, booking.id);
  const text = withBikeLine(plain, bike);
  let written = 0;
  for (const chatId of await findBookingChats(db, booking.id)) {
    if (await enqueueOutbox(db, 'borrower', { text }, { now, dedupeKey: borrowerMessageKey(key, chatId), chatId })) written += 1;
  }
  return written + (await channel.toBooking(db, booking.id, { key, text }, now));
}

/** A reply in a borrower's chat, once per Telegram update. */
export async function enqueueChatReply(db: Executor, chatId: string, text: string, updateKey: string, now: Date): Promise<void> {
  await enqueueOutbox(db, 'borrower', { text }, { now, dedupeKey: updateKey, chatId });
}
