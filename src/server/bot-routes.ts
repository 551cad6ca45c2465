import { noticeButtonRoute } from './bookings/telegram';
import { chatBotRoutes } from './chat/telegram';
import { fundCommand, outstandingCommand } from './fund/telegram';
import { handoverBotRoutes } from './handover/telegram';
import { outOfServiceBotRoutes } from './out-of-service/telegram';
import { ownerChats } from './owner/chats';
import { ownerHelp, scheduleCommands } from './owner/commands';
import type { BotDeps, BotRoutes } from './telegram/bot/routes';
import type { BookOffer } from './waiting-list/service';
import { offerButtonRoute } from './waiting-list/telegram';

/** Which feature answers which command and button, in the owner's chat and in borrowers' private chats. */
export function botRoutes(deps: BotDeps, bookOffer: BookOffer): BotRoutes {
  const schedule = scheduleCommands(deps);
  const handover = handoverBotRoutes(deps);
  const outOfService = outOfServiceBotRoutes(deps);
  const chat = chatBotRoutes(deps);
  return {
    owner: {
      commands: { ...schedule, '/kas': fundCommand(deps), ...handover.commands, ...outOfService.commands },
      otherCommand: ownerHelp(deps.now),
      text: handover.text,
      buttons: [outOfService.button, handover.button, handover.bikeButton, outOfService.bikeButton, noticeButtonRoute(deps)],
    },
    // The class fund is the class's, not a bike's: `/kas` stays the main owner's (0061).
    bikeOwner: {
      commands: { ...schedule, ...handover.commands, ...outOfService.commands },
      otherCommand: ownerHelp(deps.now, 'bikeOwner'),
      text: handover.text,
      buttons: [outOfService.button, handover.button, handover.bikeButton, outOfService.bikeButton, noticeButtonRoute(deps)],
    },
    borrower: {
      commands: { ...chat.commands, ...schedule, '/tagihan': outstandingCommand(deps) },
      otherCommand: chat.otherCommand,
      buttons: [offerButtonRoute(deps, bookOffer), chat.button],
    },
    owners: ownerChats(deps),
  };
}
