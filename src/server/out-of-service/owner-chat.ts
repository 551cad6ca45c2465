import type { Executor } from '../../db/executor';
import type { HandoverKeyboard } from '../../domain/chat/owner-bot';
import { withBikeLine } from '../chat/notify';
import { findShownBikeNames } from '../motor/bike-names';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findOwnerChatOfBike } from './repository';

/** A bike as its owner hears of it (0061): the chat its messages go to (null: `TELEGRAM_CHAT_ID`), its name when bikes are named. */
export interface OwnerBike {
  id: number;
  chatId: string | null;
  name: string | undefined;
}

export async function findOwnerBike(db: Executor, id: number): Promise<OwnerBike> {
  const chatId = await findOwnerChatOfBike(db, id);
  return { id, chatId, name: (await findShownBikeNames(db))?.get(id) };
}

export function namingBike(text: string, bike: OwnerBike): string {
  return withBikeLine(text, bike.name);
}

export function enqueueToBikeOwner(
  db: Executor,
  bike: OwnerBike,
  message: { text: string; keyboard?: HandoverKeyboard | undefined },
  key: string,
  now: Date,
): Promise<boolean> {
  const { text, keyboard } = message;
  return enqueueOutbox(db, 'handover', keyboard === undefined ? { text } : { text, keyboard }, {
    now,
    dedupeKey: key,
    chatId: bike.chatId,
  });
}
