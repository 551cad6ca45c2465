import type { Executor } from '../../db/executor';
import { minutesBetween, type StatefulBooking } from '../../domain/handover/handover';
import type { LocalMoment } from '../../domain/time/moment';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findSentRows } from '../telegram/outbox/sent';
import { borrowerMessageKey } from './notify';
import { findBookingChats } from './repository';

/** The messages the rounds send with a booking's buttons (rounds.ts keys them `{kind}:{ref}` per chat). */
export const BUTTONED_KINDS = ['remind-start', 'remind-end', 'late'] as const;

/**
 * A loan's end (returned, released, cancelled, or its booked end passed without a pickup): its
 * buttons in every linked chat are edited away, once per message. With Telegram off none was sent.
 */
export async function removeLoanButtons(db: Executor, booking: { id: number; ref: string }, at: Date): Promise<void> {
  const chats = await findBookingChats(db, booking.id);
  const keys = chats.flatMap((chatId) => BUTTONED_KINDS.map((kind) => borrowerMessageKey(`${kind}:${booking.ref}`, chatId)));
  if (keys.length === 0) return;
  for (const row of await findSentRows(db, keys)) {
    const chatId = chats.find((chat) => row.dedupeKey?.endsWith(`@${chat}`));
    if (chatId === undefined) continue;
    const edit = { messageId: row.messageId, buttons: { kind: 'none' as const } };
    await enqueueOutbox(db, 'borrower-keyboard', edit, {
      now: at,
      dedupeKey: borrowerMessageKey(`buttons-gone:${row.messageId}`, chatId),
      chatId,
    });
  }
}

/** Over for the borrower's buttons (the rounds take them away): cancelled, returned, released, or not picked up by its booked end. */
export function isLoanOver(booking: StatefulBooking, now: LocalMoment): boolean {
  if (booking.cancelled || booking.stage === 'returned' || booking.stage === 'released') return true;
  return booking.stage === 'booked' && minutesBetween(now, { date: booking.endDate, time: booking.end }) <= 0;
}
