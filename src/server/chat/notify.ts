import type { Executor } from '../../db/executor';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findBookingChats } from './repository';

/** One row per chat and `key`, whichever instance writes it. */
export function borrowerMessageKey(key: string, chatId: string): string {
  return `${key}@${chatId}`;
}

/**
 * Queues `text` to every chat linked to the booking, once per chat and `key` across instances and
 * restarts; nothing when no chat is linked. Call it in the transaction that changed the booking.
 */
export async function enqueueToBookingChats(db: Executor, booking: { id: number }, key: string, text: string, now: Date): Promise<number> {
  let written = 0;
  for (const chatId of await findBookingChats(db, booking.id)) {
    if (await enqueueOutbox(db, 'borrower', { text }, { now, dedupeKey: borrowerMessageKey(key, chatId), chatId })) written += 1;
  }
  return written;
}

/** A reply in a borrower's chat, once per Telegram update. */
export async function enqueueChatReply(db: Executor, chatId: string, text: string, updateKey: string, now: Date): Promise<void> {
  await enqueueOutbox(db, 'borrower', { text }, { now, dedupeKey: updateKey, chatId });
}
