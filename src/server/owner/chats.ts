import { ownerCodeOf } from '../../domain/chat/owner-bot';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { findBikesOwnedBy, linkOwnerChat, listBikes } from '../motor/bikes-service';
import type { BotDeps, OwnerChats } from '../telegram/bot/routes';

export function ownerChats({ db, now }: BotDeps): OwnerChats {
  return {
    async scopeOf(chatId) {
      const bikes = await findBikesOwnedBy(db.kysely, chatId);
      if (chatId !== null && bikes.length === 0) return undefined;
      return { chatId, bikes };
    },
    async start({ chatId, argument, reply }) {
      const code = ownerCodeOf(argument);
      if (code === undefined) return false;
      const at = now();
      const bike = await linkOwnerChat(db, chatId, code, at);
      // With one bike there are no owner codes: such a `/start` is answered as a borrower's was.
      if (!bike && (await listBikes(db.kysely)).length < 2) return false;
      await reply({ text: bike ? bikeMessages.ownerLinkedChat(escapeLegacyMarkdown(bike.name)) : bikeMessages.ownerCodeInvalid }, at);
      return true;
    },
  };
}
