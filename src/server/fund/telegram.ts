import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { fundText } from '../../domain/chat/owner-bot';
import type { BotDeps, CommandHandler } from '../telegram/bot/routes';
import { chatOutstandingText } from './reminders';
import { fundSummary } from './service';

/** `/kas`: the fund's balance and its largest debts. */
export function fundCommand({ db, now }: Pick<BotDeps, 'db' | 'now'>): CommandHandler {
  return async ({ reply }) => {
    const at = now();
    const { balance, largest } = await fundSummary(db.kysely);
    await reply({ text: fundText(balance, largest) }, at);
  };
}

/** `/tagihan` in a borrower's chat: what the members booked from it owe, and how to pay. */
export function outstandingCommand({ db, now }: Pick<BotDeps, 'db' | 'now'>): CommandHandler {
  return async ({ chatId, reply }) => {
    const at = now();
    const text = await chatOutstandingText(db.kysely, chatId);
    await reply({ text: text ?? borrowerChatMessages.notLinked }, at);
  };
}
