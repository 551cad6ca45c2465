import type { Executor } from '../../../db/executor';
import { fundText, lateLoanText, nowText, outOfServiceLine, scheduleText } from '../../../domain/chat/owner-bot';
import { messages } from '../../../domain/text/messages';
import { addDays, localMomentIn, todayIn } from '../../../domain/time/clock';
import { fundSummary } from '../../fund/service';
import { findLoansOut } from '../../handover/repository';
import { findCurrentPeriod } from '../../out-of-service/service';
import { findScheduleFrom, findScheduleOn } from './schedule-repository';

export async function commandReply(
  db: Executor,
  command: string,
  at: Date,
  { timeZone, graceMinutes }: { timeZone: string; graceMinutes: number },
): Promise<string> {
  const today = todayIn(timeZone, at);
  if (command === '/jadwal') return scheduleText(today, 'today', await findScheduleOn(db, today));
  if (command === '/besok') {
    const tomorrow = addDays(today, 1);
    return scheduleText(tomorrow, 'tomorrow', await findScheduleOn(db, tomorrow));
  }
  if (command === '/sekarang') {
    const out = await findCurrentPeriod(db, { now: at, timeZone });
    if (out) return outOfServiceLine(out);
    const late = lateLoanText(await findLoansOut(db), localMomentIn(timeZone, at), graceMinutes);
    return late ?? nowText(at, timeZone, await findScheduleFrom(db, today));
  }
  if (command === '/kas') {
    const { balance, largest } = await fundSummary(db);
    return fundText(balance, largest);
  }
  // /bantuan, Telegram's /start, and anything mistyped.
  return messages.ownerBot.help;
}
