import { cancelRefusalMessage } from '../../domain/booking/cancellation';
import type { BorrowerCallback, BorrowerKeyboard } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { handoverLines } from '../../domain/chat/owner-bot';
import { lifecycleMessages } from '../../domain/handover/lifecycle-messages';
import { messages } from '../../domain/text/messages';
import { cancelBooking } from '../bookings/cancel/service';
import { findStoredBooking } from '../bookings/service';
import { completeReturn, findHandoverBooking, type HandoverOutcome, recordHandover } from '../handover/service';
import type { BotDeps, ButtonPress } from '../telegram/bot/routes';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { borrowerTextSchema } from '../telegram/outbox/kinds';
import { findMessageOrigin } from '../telegram/outbox/sent';
import { findBookingChats, findNewestKeyboardEdit } from './repository';

export type BookingPress = BorrowerCallback;

// The owner's rule: Ya counts only within five minutes of Batalkan on the same message.
const CONFIRM_WINDOW_MS = 5 * 60_000;

const borrower = { kind: 'borrower', name: null } as const;

/** The buttons the bot first sent with a message of this chat; undefined when it sent none. */
export async function findOriginalButtons(db: BotDeps['db'], chatId: string, messageId: number): Promise<BorrowerKeyboard | undefined> {
  const origin = await findMessageOrigin(db.kysely, chatId, messageId);
  if (!origin) return undefined;
  try {
    return borrowerTextSchema.safeParse(JSON.parse(origin.payload)).data?.buttons;
  } catch {
    return undefined;
  }
}

function handoverAnswer(outcome: HandoverOutcome, timeZone: string): string | undefined {
  if (outcome.kind === 'recorded') return handoverLines(outcome.booking, timeZone).at(-1);
  if (outcome.kind === 'already' || outcome.kind === 'refused') return outcome.message;
  return outcome.kind === 'notFound' ? messages.bookingNotFound : undefined;
}

/**
 * A press in a borrower's chat: it counts only on a message the bot sent to that chat with buttons
 * for that booking, from a chat still linked to it. Returns the text to answer the press with.
 */
export async function pressBookingButton(
  { db, now, timeZone, graceMinutes }: BotDeps,
  parsed: BookingPress,
  { updateKey, chatId, messageId }: ButtonPress,
): Promise<string | undefined> {
  const { ref } = parsed;
  const original = await findOriginalButtons(db, chatId, messageId);
  if (!original || original.kind === 'none' || original.kind === 'offer' || original.ref !== ref) return undefined;
  const booking = await findStoredBooking(db.kysely, { ref });
  if (!booking || !(await findBookingChats(db.kysely, booking.id)).includes(chatId)) return undefined;
  const at = now();
  const setButtons = (buttons: BorrowerKeyboard) =>
    enqueueOutbox(db.kysely, 'borrower-keyboard', { messageId, buttons }, { now: at, dedupeKey: updateKey, chatId });
  // A button left from before the loan ended records nothing (a pickup past the end is the lifecycle's to refuse).
  const loan = await findHandoverBooking(db.kysely, { ref });
  const completing = parsed.action === 'fuel' && loan?.stage === 'returned' && loan.return?.fuel === null;
  if (!loan || loan.cancelled || ((loan.stage === 'returned' || loan.stage === 'released') && !completing)) {
    await setButtons({ kind: 'none' });
    return borrowerChatMessages.loanOver;
  }

  if (parsed.action === 'cancel' || parsed.action === 'keep') {
    await setButtons(parsed.action === 'cancel' ? { kind: 'confirm', ref } : original);
    return undefined;
  }
  if (parsed.action === 'confirm') {
    const asked = await findNewestKeyboardEdit(db.kysely, chatId, messageId);
    const since = new Date(at.getTime() - CONFIRM_WINDOW_MS).toISOString();
    if (asked?.payload !== JSON.stringify({ messageId, buttons: { kind: 'confirm', ref } }) || asked.createdAt < since) return undefined;
    const outcome = await cancelBooking(db, { ref }, { who: borrower, reason: messages.borrowerCancelReason, now: at, timeZone });
    await setButtons({ kind: 'none' });
    if (outcome.kind === 'cancelled') return messages.bookingCancelled;
    return outcome.kind === 'refused' ? cancelRefusalMessage(outcome.refusal) : messages.bookingNotFound;
  }
  if (parsed.action === 'fuel') {
    const completed = await completeReturn(db, ref, parsed.fuel, borrower, at, timeZone);
    if (completed.kind === 'completed') {
      await setButtons({ kind: 'none' });
      return lifecycleMessages.fuelRecorded(parsed.fuel);
    }
  }
  return recordFromChat({ db, now: () => at, timeZone, graceMinutes }, parsed, setButtons);
}

/**
 * The return is recorded at the press and the fuel question follows (issue 38); a fuel button sent
 * before that change, pressed on a loan not yet back, still records the return with its fuel.
 */
async function recordFromChat(
  { db, now, timeZone, graceMinutes }: Pick<BotDeps, 'db' | 'now' | 'timeZone' | 'graceMinutes'>,
  parsed: Exclude<BookingPress, { action: 'cancel' | 'keep' | 'confirm' }>,
  setButtons: (buttons: BorrowerKeyboard) => Promise<unknown>,
): Promise<string | undefined> {
  const { ref } = parsed;
  const event = parsed.action === 'pickup' ? 'pickup' : 'return';
  const details = parsed.action === 'fuel' ? { fuel: parsed.fuel } : parsed.action === 'return' ? { fuelFollows: true } : {};
  const outcome = await recordHandover(db, { ref }, { event, by: borrower, now: now(), timeZone, graceMinutes, ...details });
  if (outcome.kind === 'recorded' && parsed.action === 'return') await setButtons({ kind: 'fuel', ref });
  else if (outcome.kind === 'recorded' || outcome.kind === 'already') await setButtons({ kind: 'none' });
  return handoverAnswer(outcome, timeZone);
}
