import type { Db } from '../../../db/database';
import { parseBorrowerCommand } from '../../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../../domain/chat/borrower-chat-messages';
import { localMomentIn } from '../../../domain/time/clock';
import { commandReply } from '../bot/commands';
import { startLink, stopLink } from './link';
import { mineReply } from './mine';
import { enqueueChatReply } from './notify';
import { isChatLinked } from './repository';

export interface BorrowerUpdateDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  graceMinutes: number;
}

/**
 * A private chat's message. Idempotent like the owner's: the reply is one outbox row per update.
 * Only the public commands answer a chat that is not linked.
 */
export function createBorrowerMessageHandler({ db, now, timeZone, graceMinutes }: BorrowerUpdateDeps) {
  return async (updateKey: string, chatId: string, text: string): Promise<void> => {
    const command = parseBorrowerCommand(text);
    if (command === undefined) return;
    const at = now();
    const reply = async (): Promise<string> => {
      if (command.kind === 'start') return startLink(db, chatId, command.code, at);
      if (command.kind === 'stop') return stopLink(db, chatId);
      if (command.kind === 'public') return commandReply(db.kysely, command.command, at, { timeZone, graceMinutes });
      if (command.kind === 'mine') {
        if (!(await isChatLinked(db.kysely, chatId))) return borrowerChatMessages.notLinked;
        return mineReply(db.kysely, chatId, localMomentIn(timeZone, at));
      }
      return borrowerChatMessages.help;
    };
    await enqueueChatReply(db.kysely, chatId, await reply(), updateKey, at);
  };
}
