import type { Executor } from '../../../db/executor';
import { addDays, todayIn } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import { nowText, scheduleText } from '../../../domain/owner-bot';
import { findScheduleFrom, findScheduleOn } from './schedule-repository';

export async function commandReply(db: Executor, command: string, at: Date, timeZone: string): Promise<string> {
  const today = todayIn(timeZone, at);
  if (command === '/jadwal') return scheduleText(today, 'today', await findScheduleOn(db, today));
  if (command === '/besok') {
    const tomorrow = addDays(today, 1);
    return scheduleText(tomorrow, 'tomorrow', await findScheduleOn(db, tomorrow));
  }
  if (command === '/sekarang') return nowText(at, timeZone, await findScheduleFrom(db, today));
  // /bantuan, Telegram's /start, and anything mistyped.
  return messages.ownerBot.help;
}
