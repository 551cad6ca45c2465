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
      buttons: [outOfService.button, handover.button, handover.bikeButton, noticeButtonRoute(deps)],
    },
    // `Tidak tersedia` periods and the class fund stay with the main owner until periods name their bike (0060).
    bikeOwner: {
      commands: { ...schedule, ...handover.commands },
      otherCommand: ownerHelp(deps.now),
      text: handover.text,
      buttons: [handover.button, handover.bikeButton, noticeButtonRoute(deps)],
    },
    borrower: {
      commands: { ...chat.commands, ...schedule, '/tagihan': outstandingCommand(deps) },
      otherCommand: chat.otherCommand,
      buttons: [offerButtonRoute(deps, bookOffer), chat.button],
    },
    owners: ownerChats(deps),
  };
}
