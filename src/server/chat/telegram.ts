import { parseBorrowerCallback } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { localMomentIn } from '../../domain/time/clock';
import type { BotDeps, ButtonRoute, CommandHandler } from '../telegram/bot/routes';
import { type BookingPress, pressBookingButton } from './buttons';
import { startLink, stopLink } from './link';
import { mineReply } from './mine';
import { isChatLinked } from './repository';

/**
 * A borrower's private chat: `/start {kode}` links it, `/berhenti` unlinks it, `/saya` lists its
 * bookings (linked chats only), anything else that looks like a command gets the help.
 */
export function chatBotRoutes(deps: BotDeps) {
  const { db, now, timeZone } = deps;
  const start: CommandHandler = async ({ chatId, argument, reply }) => {
    const at = now();
    const code = argument.split(/\s+/)[0] || undefined;
    await reply({ text: await startLink(db, chatId, code, at) }, at);
  };
  const stop: CommandHandler = async ({ chatId, reply }) => {
    const at = now();
    await reply({ text: await stopLink(db, chatId) }, at);
  };
  const mine: CommandHandler = async ({ chatId, reply }) => {
    const at = now();
    if (!(await isChatLinked(db.kysely, chatId))) return reply({ text: borrowerChatMessages.notLinked }, at);
    await reply({ text: await mineReply(db.kysely, chatId, localMomentIn(timeZone, at)) }, at);
  };
  const help: CommandHandler = async ({ reply }) => reply({ text: borrowerChatMessages.help }, now());
  const button: ButtonRoute<BookingPress> = {
    parse: parseBorrowerCallback,
    press: (parsed, press) => pressBookingButton(deps, parsed, press),
  };
  return { commands: { '/start': start, '/berhenti': stop, '/saya': mine }, otherCommand: help, button };
}
