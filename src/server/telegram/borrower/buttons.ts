import type { Db } from '../../../db/database';
import { type BorrowerKeyboard, parseBorrowerCallback } from '../../../domain/chat/borrower-bot';
import { handoverLines } from '../../../domain/chat/owner-bot';
import { messages } from '../../../domain/text/messages';
import { type OfferAction, parseOfferCallback } from '../../../domain/waiting-list/waiting-list';
import { findStoredBooking } from '../../bookings/cancel/repository';
import { cancelBooking } from '../../bookings/cancel/service';
import { type HandoverOutcome, recordHandover } from '../../handover/service';
import { type BookOffer, pressOffer } from '../../waiting-list/service';
import { enqueueOutbox } from '../outbox/enqueue';
import { borrowerTextSchema } from '../outbox/kinds';
import { findMessageOrigin } from '../outbox/repository';
import { findBookingChats, findNewestKeyboardEdit } from './repository';

export interface BorrowerButtonDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  graceMinutes: number;
  /** The booking service, for `Ambil` on a waiting list's offer. */
  bookOffer: BookOffer;
}

// The owner's rule: Ya counts only within five minutes of Batalkan on the same message.
const CONFIRM_WINDOW_MS = 5 * 60_000;

function originalButtons(payload: string): BorrowerKeyboard | undefined {
  try {
    return borrowerTextSchema.safeParse(JSON.parse(payload)).data?.buttons;
  } catch {
    return undefined;
  }
}

/**
 * A press in a borrower's chat: it counts only on a message the bot sent to that chat with buttons
 * for that booking, from a chat still linked to it. Returns the text to answer the press with.
 */
export function createBorrowerButtonHandler({ db, now, timeZone, graceMinutes, bookOffer }: BorrowerButtonDeps) {
  const borrower = { kind: 'borrower', name: null } as const;

  const handoverAnswer = (outcome: HandoverOutcome): string | undefined => {
    if (outcome.kind === 'recorded') return handoverLines(outcome.booking, timeZone).at(-1);
    if (outcome.kind === 'already' || outcome.kind === 'refused') return outcome.message;
    return outcome.kind === 'notFound' ? messages.bookingNotFound : undefined;
  };

  const answerOffer = async (updateKey: string, chatId: string, messageId: number, press: { action: OfferAction; offerId: number }) => {
    const origin = await findMessageOrigin(db.kysely, chatId, messageId);
    const original = origin && originalButtons(origin.payload);
    if (original?.kind !== 'offer' || original.offerId !== press.offerId) return undefined;
    const at = now();
    const answer = await pressOffer(db, bookOffer, { ...press, chatId }, { now: at, timeZone, graceMinutes });
    if (answer !== undefined)
      await enqueueOutbox(
        db.kysely,
        'borrower-keyboard',
        { messageId, buttons: { kind: 'none' } },
        { now: at, dedupeKey: updateKey, chatId },
      );
    return answer;
  };

  return async (updateKey: string, chatId: string, messageId: number, data: string | undefined): Promise<string | undefined> => {
    const offer = data === undefined ? undefined : parseOfferCallback(data);
    if (offer) return answerOffer(updateKey, chatId, messageId, offer);
    const parsed = data === undefined ? undefined : parseBorrowerCallback(data);
    if (!parsed) return undefined;
    const { ref } = parsed;
    const origin = await findMessageOrigin(db.kysely, chatId, messageId);
    const original = origin && originalButtons(origin.payload);
    if (!original || original.kind === 'none' || original.kind === 'offer' || original.ref !== ref) return undefined;
    const booking = await findStoredBooking(db.kysely, { ref });
    if (!booking || !(await findBookingChats(db.kysely, booking.id)).includes(chatId)) return undefined;
    const at = now();
    const setButtons = (buttons: BorrowerKeyboard) =>
      enqueueOutbox(db.kysely, 'borrower-keyboard', { messageId, buttons }, { now: at, dedupeKey: updateKey, chatId });

    if (parsed.action === 'cancel') {
      await setButtons({ kind: 'confirm', ref });
      return undefined;
    }
    if (parsed.action === 'keep') {
      await setButtons(original);
      return undefined;
    }
    if (parsed.action === 'confirm') {
      const asked = await findNewestKeyboardEdit(db.kysely, chatId, messageId);
      const since = new Date(at.getTime() - CONFIRM_WINDOW_MS).toISOString();
      if (asked?.payload !== JSON.stringify({ messageId, buttons: { kind: 'confirm', ref } }) || asked.createdAt < since) return undefined;
      const outcome = await cancelBooking(db, { ref }, { who: borrower, reason: messages.borrowerCancelReason, now: at, timeZone });
      await setButtons({ kind: 'none' });
      if (outcome.kind === 'cancelled') return messages.bookingCancelled;
      return outcome.kind === 'refused' ? messages.alreadyCancelled : messages.bookingNotFound;
    }
    if (parsed.action === 'return') {
      await setButtons({ kind: 'fuel', ref });
      return undefined;
    }
    const event = parsed.action === 'fuel' ? 'return' : 'pickup';
    const outcome = await recordHandover(
      db,
      { ref },
      { event, by: borrower, now: at, timeZone, graceMinutes, ...(parsed.action === 'fuel' ? { fuel: parsed.fuel } : {}) },
    );
    if (outcome.kind === 'recorded' || outcome.kind === 'already') await setButtons({ kind: 'none' });
    return handoverAnswer(outcome);
  };
}
