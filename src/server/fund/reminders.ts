import type { Executor } from '../../db/executor';
import { monthOf } from '../../domain/fund/ledger';
import { isFundReminderDue, outstandingText } from '../../domain/fund/reminder';
import { localMomentIn } from '../../domain/time/clock';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { howToPayText } from './how-to-pay';
import { findLinkedChatMembers, findOwedByMember } from './repository';

/** What the members booked from each linked chat's device owe together, by chat. */
async function owedByChat(db: Executor, chatId?: string): Promise<Map<string, number>> {
  const owed = await findOwedByMember(db);
  const byChat = new Map<string, number>();
  for (const link of await findLinkedChatMembers(db, chatId)) {
    byChat.set(link.chatId, (byChat.get(link.chatId) ?? 0) + Math.max(0, owed.get(link.usersId) ?? 0));
  }
  return byChat;
}

/** `/tagihan`'s answer for a chat; undefined when the chat is linked to no booking. */
export async function chatOutstandingText(db: Executor, chatId: string): Promise<string | undefined> {
  const amount = (await owedByChat(db, chatId)).get(chatId);
  return amount === undefined ? undefined : outstandingText(amount, await howToPayText(db));
}

/**
 * On FUND_REMINDER_DAY from 09:00, `Tagihan kamu: Rp{x}.` to every linked chat that owes something. The key (month and chat) makes it one
 * row per chat and month, whichever instance, however often it runs and whenever it restarts. Returns how many rows this call wrote.
 */
export async function enqueueFundReminders(db: Executor, at: Date, settings: { timeZone: string; day: number }): Promise<number> {
  const moment = localMomentIn(settings.timeZone, at);
  if (!isFundReminderDue(moment, settings.day)) return 0;
  const howToPay = await howToPayText(db);
  let written = 0;
  for (const [chatId, amount] of await owedByChat(db)) {
    if (amount <= 0) continue;
    const dedupeKey = `fund-reminder:${monthOf(moment.date)}:${chatId}`;
    if (await enqueueOutbox(db, 'borrower', { text: outstandingText(amount, howToPay) }, { now: at, dedupeKey, chatId })) written += 1;
  }
  return written;
}
