import { fundText } from '../../domain/chat/owner-bot';
import type { BotDeps, CommandHandler } from '../telegram/bot/routes';
import { fundSummary } from './service';

/** `/kas`: the fund's balance and its largest debts. */
export function fundCommand({ db, now }: Pick<BotDeps, 'db' | 'now'>): CommandHandler {
  return async ({ reply }) => {
    const at = now();
    const { balance, largest } = await fundSummary(db.kysely);
    await reply({ text: fundText(balance, largest) }, at);
  };
}
