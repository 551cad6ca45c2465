import type { Executor } from '../../../db/executor';
import type { BookingNotice, CancellationNotice } from '../../../domain/telegram-text';
import { bookingNoticeSchema } from './calls';
import { findPayloadByKey, giveUpUnsent, insertOutboxRow } from './repository';

export type { BookingNotice, CancellationNotice };

/** A booking notice that names its booking, so its `Batalkan` button can. */
export type ButtonedBookingNotice = BookingNotice & { ref?: string };

/** The key of a booking's notice row, by which the owner's cancel edit finds the notice. */
export function bookingNoticeKey(ref: string): string {
  return `booking:${ref}`;
}

/**
 * Records the notice in the caller's transaction, so it exists exactly when the booking does;
 * the outbox worker delivers it after commit.
 */
export async function enqueueBookingNotice(db: Executor, notice: ButtonedBookingNotice, now: Date): Promise<void> {
  await insertOutboxRow(db, 'booking', notice, now, notice.ref === undefined ? null : bookingNoticeKey(notice.ref));
}

/** Records the cancellation notice in the cancelling transaction, like the booking notice. */
export async function enqueueCancellationNotice(db: Executor, notice: CancellationNotice, now: Date): Promise<void> {
  await insertOutboxRow(db, 'booking-cancelled', notice, now);
}

/** A text the bot sends to the owner's chat on its own or in reply: a digest, a reminder, a command's answer. */
export type BotTextKind = 'digest' | 'reminder' | 'reply';

/** Once per `dedupeKey`: 'digest:{date}', 'reminder:{ref}', 'update:{update_id}'. True when this call wrote it. */
export async function enqueueBotText(db: Executor, kind: BotTextKind, text: string, dedupeKey: string, now: Date): Promise<boolean> {
  return insertOutboxRow(db, kind, { text }, now, dedupeKey);
}

/**
 * Withdraws the handover reminder of a cancelled booking, in the cancelling transaction, if it
 * is queued and no worker is sending it at this moment (one being sent cannot be called back).
 */
export async function withdrawReminder(db: Executor, ref: string, now: Date): Promise<void> {
  await giveUpUnsent(db, `reminder:${ref}`, 'booking cancelled', now);
}

/** Which buttons a booking notice shows: `Batalkan`, the confirmation, or none. */
export type NoticeKeyboard = 'cancel' | 'confirm' | 'none';

/** Swaps the buttons under a sent booking notice; once per `dedupeKey` (the update that asked). */
export async function enqueueKeyboardEdit(
  db: Executor,
  edit: { messageId: number; ref: string; keyboard: NoticeKeyboard },
  dedupeKey: string,
  now: Date,
): Promise<void> {
  await insertOutboxRow(db, 'notice-keyboard', edit, now, dedupeKey);
}

/** The notice's text, as sent, of a booking; undefined for notices written before they named their booking. */
export async function findBookingNotice(db: Executor, ref: string): Promise<BookingNotice | undefined> {
  const payload = await findPayloadByKey(db, bookingNoticeKey(ref));
  if (payload === undefined) return undefined;
  try {
    const result = bookingNoticeSchema.safeParse(JSON.parse(payload));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites a sent booking notice with `❌ Dibatalkan` as its last line and no buttons; once per `dedupeKey`. */
export async function enqueueCancelledNoticeEdit(
  db: Executor,
  edit: { messageId: number; notice: BookingNotice },
  dedupeKey: string,
  now: Date,
): Promise<void> {
  await insertOutboxRow(db, 'notice-cancelled', edit, now, dedupeKey);
}
