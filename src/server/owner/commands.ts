import type { Executor } from '../../db/executor';
import { lateLoanText, nowText, outOfServiceLine, scheduleText } from '../../domain/chat/owner-bot';
import { messages } from '../../domain/text/messages';
import { addDays, localMomentIn, todayIn } from '../../domain/time/clock';
import { findLoansOut } from '../handover/service';
import { findCurrentPeriod } from '../out-of-service/service';
import type { BotDeps, CommandHandler } from '../telegram/bot/routes';
import { findScheduleFrom, findScheduleOn } from './schedule-repository';

type Reply = (db: Executor, at: Date, settings: { timeZone: string; graceMinutes: number }) => Promise<string>;

const scheduleReplies: Record<'/jadwal' | '/besok' | '/sekarang', Reply> = {
  '/jadwal': async (db, at, { timeZone }) => {
    const today = todayIn(timeZone, at);
    return scheduleText(today, 'today', await findScheduleOn(db, today));
  },
  '/besok': async (db, at, { timeZone }) => {
    const tomorrow = addDays(todayIn(timeZone, at), 1);
    return scheduleText(tomorrow, 'tomorrow', await findScheduleOn(db, tomorrow));
  },
  '/sekarang': async (db, at, { timeZone, graceMinutes }) => {
    const out = await findCurrentPeriod(db, { now: at, timeZone });
    if (out) return outOfServiceLine(out);
    const loansOut = await findLoansOut(db);
    const late = lateLoanText(loansOut, localMomentIn(timeZone, at), graceMinutes);
    return late ?? nowText(at, timeZone, await findScheduleFrom(db, todayIn(timeZone, at)), loansOut);
  },
};

/** `/jadwal`, `/besok` and `/sekarang`: the schedule, asked in the owner's chat or a borrower's. */
export function scheduleCommands({ db, now, timeZone, graceMinutes }: BotDeps): Record<string, CommandHandler> {
  return Object.fromEntries(
    Object.entries(scheduleReplies).map(([command, answer]) => [
      command,
      async ({ reply }) => {
        const at = now();
        await reply({ text: await answer(db.kysely, at, { timeZone, graceMinutes }) }, at);
      },
    ]),
  );
}

/** `/bantuan`, Telegram's `/start`, and anything mistyped in the owner's chat. */
export function ownerHelp(now: () => Date): CommandHandler {
  return async ({ reply }) => reply({ text: messages.ownerBot.help }, now());
}
