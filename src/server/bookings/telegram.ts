import { cancelRefusalMessage, findCancelRefusal } from '../../domain/booking/cancellation';
import { parseCallbackData } from '../../domain/chat/owner-bot';
import { messages } from '../../domain/text/messages';
import { localMomentIn } from '../../domain/time/clock';
import type { BotDeps, ButtonPress, ButtonRoute } from '../telegram/bot/routes';
import { cancelBooking, findBookingToCancel } from './cancel/service';
import { enqueueKeyboardEdit, findNoticeMessageId, isConfirmationAsked } from './owner-notice';

// The owner's rule: Ya counts only within five minutes of Batalkan on the same message.
const CONFIRM_WINDOW_MS = 5 * 60_000;

type NoticePress = { action: 'cancel' | 'confirm' | 'keep'; ref: string };

/** `Batalkan`, `Ya` and `Tidak` under a booking's notice in the owner's chat. */
export function noticeButtonRoute({ db, now, timeZone }: BotDeps): ButtonRoute<NoticePress> {
  async function confirm(ref: string, { updateKey, messageId }: ButtonPress, at: Date): Promise<string> {
    const cause = { kind: 'ownerPress', messageId, updateKey } as const;
    const who = { kind: 'owner' } as const;
    const outcome = await cancelBooking(db, { ref }, { who, reason: messages.ownerBot.cancelReason, now: at, timeZone, cause });
    if (outcome.kind === 'cancelled') return messages.bookingCancelled;
    await enqueueKeyboardEdit(db.kysely, { messageId, ref, keyboard: 'none' }, updateKey, at);
    return outcome.kind === 'notFound' ? messages.bookingNotFound : cancelRefusalMessage(outcome.refusal);
  }

  async function press({ action, ref }: NoticePress, pressed: ButtonPress): Promise<string | undefined> {
    const { updateKey, messageId } = pressed;
    const at = now();
    // A press counts only from the notice of its own booking, and Ya only right after Batalkan there:
    // a modified client cannot move one booking's buttons onto another's notice, nor skip the question.
    if ((await findNoticeMessageId(db.kysely, ref)) !== messageId) return undefined;
    if (action === 'confirm') {
      const asked = await isConfirmationAsked(db.kysely, messageId, ref, new Date(at.getTime() - CONFIRM_WINDOW_MS));
      return asked ? confirm(ref, pressed, at) : undefined;
    }
    const booking = await findBookingToCancel(db.kysely, { ref });
    // A loan cancelled, picked up or back is not asked about: the lifecycle's refusal answers the press.
    const refusal = booking && findCancelRefusal(booking, { kind: 'owner' }, localMomentIn(timeZone, at));
    if (!booking || refusal) {
      await enqueueKeyboardEdit(db.kysely, { messageId, ref, keyboard: 'none' }, updateKey, at);
      return refusal ? cancelRefusalMessage(refusal) : messages.bookingNotFound;
    }
    await enqueueKeyboardEdit(db.kysely, { messageId, ref, keyboard: action === 'cancel' ? 'confirm' : 'cancel' }, updateKey, at);
    return undefined;
  }

  return {
    parse: (data) => {
      const parsed = parseCallbackData(data);
      return parsed?.action === 'cancel' || parsed?.action === 'confirm' || parsed?.action === 'keep'
        ? { action: parsed.action, ref: parsed.ref }
        : undefined;
    },
    press,
  };
}
