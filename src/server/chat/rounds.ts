import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import {
  type BorrowerKeyboard,
  chargeText,
  endReminderText,
  fineSoFar,
  isEndReminderDue,
  isStartReminderDue,
  lateText,
  startReminderText,
} from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import { bookingState, waitsForLateBike } from '../../domain/handover/handover';
import { addDays, localMomentIn } from '../../domain/time/clock';
import { findCharge, howToPayText } from '../fund/service';
import { findLoansOut } from '../handover/service';
import { bookingKeyInfoText, findShownBikeNames } from '../motor/bike-names';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { borrowerTextSchema } from '../telegram/outbox/kinds';
import { findSentRows } from '../telegram/outbox/sent';
import { isLoanOver, removeLoanButtons } from './loan-end';
import { borrowerChannel, borrowerMessageKey, withBikeLine } from './notify';
import { findLinkedBookings, type LinkedBooking } from './repository';

// The late line is rewritten at most once per this many minutes of lateness (and whenever the fine grows).
const LATE_LINE_STEP_MINUTES = 10;

/** The late notice already sent shows the minutes and the fine so far: one edit per chat, step and fine. */
async function updateLateLine(
  db: Executor,
  booking: LinkedBooking,
  late: { text: string; minutes: number; fine: number; at: Date },
): Promise<number> {
  let written = 0;
  const step = Math.floor(late.minutes / LATE_LINE_STEP_MINUTES);
  for (const chatId of booking.chats) {
    const [sent] = await findSentRows(db, [borrowerMessageKey(`late:${booking.ref}`, chatId)]);
    // Telegram refuses an edit that changes nothing.
    if (!sent || borrowerTextSchema.safeParse(JSON.parse(sent.payload)).data?.text === late.text) continue;
    const edit = { messageId: sent.messageId, text: late.text, buttons: { kind: 'end' as const, ref: booking.ref } };
    const key = borrowerMessageKey(`late-line:${booking.ref}:${step}:${late.fine}`, chatId);
    if (await enqueueOutbox(db, 'borrower-edit', edit, { now: late.at, dedupeKey: key, chatId })) written += 1;
  }
  return written;
}

export interface BorrowerRoundSettings {
  timeZone: string;
  graceMinutes: number;
  /** Before the start; 0: no start reminder. */
  reminderMinutes: number;
}

/**
 * What the linked chats and subscribed devices are due now: the start and end reminders, the late notice, the warning that
 * the bike is late for their booking, the charge after the return. Each is one outbox row per chat
 * and key, so every instance may run this at any time; returns how many rows it wrote.
 */
export async function enqueueDueBorrowerMessages(db: Db, at: Date, settings: BorrowerRoundSettings): Promise<number> {
  const { timeZone, graceMinutes, reminderMinutes } = settings;
  const moment = localMomentIn(timeZone, at);
  const until = localMomentIn(timeZone, new Date(at.getTime() + reminderMinutes * 60_000)).date;
  const linked = await findLinkedBookings(db.kysely, addDays(moment.date, -1), until);
  if (linked.length === 0) return 0;
  const loansOut = await findLoansOut(db.kysely);
  let written = 0;
  const bikeNames = await findShownBikeNames(db.kysely);
  // Where each bike's key is (0051), read once a round and only when a start reminder is due.
  const keyLines = new Map<number, string[]>();
  const startText = async (booking: LinkedBooking) => {
    const lines = keyLines.get(booking.motorbikeId) ?? (await bookingKeyInfoText(db.kysely, booking.id)).map(escapeLegacyMarkdown);
    keyLines.set(booking.motorbikeId, lines);
    return [startReminderText(booking, moment), ...lines].join('\n');
  };
  const send = async (booking: LinkedBooking, key: string, plain: string, buttons?: 'start' | 'end') => {
    const text = withBikeLine(plain, bikeNames?.get(booking.motorbikeId));
    const keyboard: BorrowerKeyboard | undefined = buttons && { kind: buttons, ref: booking.ref };
    const payload = keyboard === undefined ? { text } : { text, buttons: keyboard };
    for (const chatId of booking.chats) {
      if (
        await enqueueOutbox(db.kysely, 'borrower', payload, {
          now: at,
          dedupeKey: borrowerMessageKey(`${key}:${booking.ref}`, chatId),
          chatId,
        })
      )
        written += 1;
    }
    written += await borrowerChannel().toBooking(db.kysely, booking.id, { key: `${key}:${booking.ref}`, text }, at);
  };
  for (const booking of linked) {
    const bookedAt = booking.createdAt === null ? null : localMomentIn(timeZone, new Date(booking.createdAt));
    if (isStartReminderDue(booking, moment, bookedAt, reminderMinutes))
      await send(booking, 'remind-start', await startText(booking), 'start');
    if (isEndReminderDue(booking, moment)) await send(booking, 'remind-end', endReminderText(booking), 'end');
    const state = bookingState(booking, moment, graceMinutes);
    if (state.kind === 'late') {
      const fine = fineSoFar(booking, moment, graceMinutes);
      const text = lateText(state.minutes, fine);
      await send(booking, 'late', text, 'end');
      const shown = withBikeLine(text, bikeNames?.get(booking.motorbikeId));
      written += await updateLateLine(db.kysely, booking, { text: shown, minutes: state.minutes, fine, at });
    }
    if (isLoanOver(booking, moment)) await removeLoanButtons(db.kysely, booking, at);
    const others = loansOut.filter((loan) => loan.id !== booking.id && loan.motorbikeId === booking.motorbikeId);
    if (waitsForLateBike(booking, others, moment, graceMinutes)) await send(booking, 'bike-late', borrowerChatMessages.bikeLate);
    if (booking.stage === 'returned') {
      const charge = await findCharge(db.kysely, booking.id);
      if (charge && !charge.provisional && charge.amount > 0) {
        const howToPay = await howToPayText(db.kysely);
        const lines = [chargeText(charge.lines, charge.amount), ...(howToPay === null ? [] : [escapeLegacyMarkdown(howToPay)])];
        await send(booking, 'charge', lines.join('\n'));
      }
    }
  }
  return written;
}
