import { type OfferAction, parseOfferCallback } from '../../domain/waiting-list/waiting-list';
import { findOriginalButtons } from '../chat/buttons';
import type { BotDeps, ButtonRoute } from '../telegram/bot/routes';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { type BookOffer, pressOffer } from './service';

type OfferPress = { action: OfferAction; offerId: number };

/** `Ambil` / `Lewati` under an offer in a borrower's chat: only on the message that made that offer. */
export function offerButtonRoute({ db, now, timeZone, graceMinutes }: BotDeps, bookOffer: BookOffer): ButtonRoute<OfferPress> {
  return {
    parse: parseOfferCallback,
    press: async (press, { updateKey, chatId, messageId }) => {
      const original = await findOriginalButtons(db, chatId, messageId);
      if (original?.kind !== 'offer' || original.offerId !== press.offerId) return undefined;
      const at = now();
      const answer = (await pressOffer(db, bookOffer, { ...press, by: { chatId } }, { now: at, timeZone, graceMinutes }))?.text;
      if (answer !== undefined) {
        await enqueueOutbox(
          db.kysely,
          'borrower-keyboard',
          { messageId, buttons: { kind: 'none' } },
          { now: at, dedupeKey: updateKey, chatId },
        );
      }
      return answer;
    },
  };
}
