import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';
import type { BookingNotice, CancellationNotice } from '../../domain/chat/telegram-text';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { bookingNoticeSchema } from '../telegram/outbox/kinds';
import { findNewestWithPayload, findPayloadByKey, findSentMessageId, giveUpUnsent } from '../telegram/outbox/sent';

export type ButtonedBookingNotice = BookingNotice & { ref?: string };

export function bookingNoticeKey(ref: string): string {
  return `booking:${ref}`;
}

const ownerChatQuery = compiledQuery((db, on: { ref: string }) =>
  db
    .selectFrom('borrow_request as b')
    .innerJoin('motorbike as m', 'm.id', 'b.motorbike_id')
    .select('m.owner_chat_id')
    .where('b.ref', '=', on.ref),
);

/** The chat that hears about a booking: its bike's owner's (0060), or null (`TELEGRAM_CHAT_ID`); read when each message is queued. */
export async function ownerChatOfBooking(db: Executor, ref: string): Promise<string | null> {
  const { rows } = await ownerChatQuery(db, { ref });
  return rows[0]?.owner_chat_id ?? null;
}

/** In the caller's transaction, so the notice exists exactly when the booking does. */
export async function enqueueBookingNotice(db: Executor, notice: ButtonedBookingNotice, now: Date): Promise<void> {
  const chatId = notice.ref === undefined ? null : await ownerChatOfBooking(db, notice.ref);
  await enqueueOutbox(db, 'booking', notice, { now, dedupeKey: notice.ref === undefined ? null : bookingNoticeKey(notice.ref), chatId });
}

export async function enqueueCancellationNotice(db: Executor, notice: CancellationNotice, ref: string, now: Date): Promise<void> {
  await enqueueOutbox(db, 'booking-cancelled', notice, { now, chatId: await ownerChatOfBooking(db, ref) });
}

/** A reminder being sent at this moment cannot be called back. */
export async function withdrawReminder(db: Executor, ref: string, now: Date): Promise<void> {
  await giveUpUnsent(db, `reminder:${ref}`, 'booking cancelled', now);
}

export type NoticeKeyboard = 'cancel' | 'confirm' | 'none';

export async function enqueueKeyboardEdit(
  db: Executor,
  edit: { messageId: number; ref: string; keyboard: NoticeKeyboard },
  dedupeKey: string,
  now: Date,
): Promise<void> {
  await enqueueOutbox(db, 'notice-keyboard', edit, { now, dedupeKey, chatId: await ownerChatOfBooking(db, edit.ref) });
}

/** Undefined for notices written before they named their booking. */
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

export async function enqueueCancelledNoticeEdit(
  db: Executor,
  edit: { messageId: number; notice: BookingNotice },
  { ref, dedupeKey }: { ref: string; dedupeKey: string },
  now: Date,
): Promise<void> {
  await enqueueOutbox(db, 'notice-cancelled', edit, { now, dedupeKey, chatId: await ownerChatOfBooking(db, ref) });
}

/** The Telegram message id of a booking's notice once it was sent: the only message its buttons may act from. */
export function findNoticeMessageId(db: Executor, ref: string): Promise<number | undefined> {
  return findSentMessageId(db, bookingNoticeKey(ref));
}

/** Whether the newest buttons put under this notice are the confirmation, put there at or after `since`. */
export async function isConfirmationAsked(db: Executor, messageId: number, ref: string, since: Date): Promise<boolean> {
  const edits = (['confirm', 'cancel', 'none'] as const).map((keyboard) => JSON.stringify({ messageId, ref, keyboard }));
  const newest = await findNewestWithPayload(db, 'notice-keyboard', edits);
  return newest !== undefined && newest.payload === edits[0] && newest.createdAt >= since.toISOString();
}
