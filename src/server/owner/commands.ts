import type { Executor } from '../../db/executor';
import { bikeOwnerHelp, lateLoanText, nowText, outOfServiceLine, scheduleText } from '../../domain/chat/owner-bot';
import { messages } from '../../domain/text/messages';
import { addDays, localMomentIn, todayIn } from '../../domain/time/clock';
import { findLoansOut } from '../handover/service';
import { findShownBikeNames } from '../motor/bike-names';
import { findCurrentPeriod } from '../out-of-service/service';
import type { BotDeps, CommandHandler, OwnerScope } from '../telegram/bot/routes';
import { findScheduleFrom, findScheduleOn } from './schedule-repository';

type Settings = { timeZone: string; graceMinutes: number };
type Reply = (db: Executor, at: Date, settings: Settings, bikes: readonly number[] | undefined) => Promise<string>;

async function nowAnswer(db: Executor, at: Date, { timeZone, graceMinutes }: Settings, bikes: readonly number[] | undefined) {
  const out = await findCurrentPeriod(db, { now: at, timeZone }, bikes);
  if (out) return outOfServiceLine(out);
  const loansOut = (await findLoansOut(db)).filter((loan) => bikes === undefined || bikes.includes(loan.motorbikeId));
  const late = lateLoanText(loansOut, localMomentIn(timeZone, at), graceMinutes);
  return late ?? nowText(at, timeZone, await findScheduleFrom(db, todayIn(timeZone, at), bikes), loansOut);
}

/** A day's schedule; with bikes named, each line names its bike unless the chat's owner has only one of them. */
async function dayAnswer(db: Executor, date: string, day: 'today' | 'tomorrow', bikes: readonly number[] | undefined) {
  const names = await findShownBikeNames(db);
  const shown = names && (bikes === undefined || bikes.filter((id) => names.has(id)).length > 1) ? names : undefined;
  return scheduleText(date, day, await findScheduleOn(db, date, bikes), shown);
}

const scheduleReplies: Record<'/jadwal' | '/besok' | '/sekarang', Reply> = {
  '/jadwal': async (db, at, { timeZone }, bikes) => dayAnswer(db, todayIn(timeZone, at), 'today', bikes),
  '/besok': async (db, at, { timeZone }, bikes) => dayAnswer(db, addDays(todayIn(timeZone, at), 1), 'tomorrow', bikes),
  '/sekarang': nowAnswer,
};

/** An owner of several active bikes hears `/sekarang` bike by bike, each line under its bike's name. */
async function ownerNow(db: Executor, at: Date, settings: Settings, scope: OwnerScope): Promise<string> {
  const active = scope.bikes.filter((bike) => bike.active);
  if (active.length <= 1)
    return nowAnswer(
      db,
      at,
      settings,
      scope.bikes.map((bike) => bike.id),
    );
  const lines = [];
  for (const bike of active) lines.push(`${bike.name}: ${await nowAnswer(db, at, settings, [bike.id])}`);
  return lines.join('\n');
}

/** `/jadwal`, `/besok` and `/sekarang`: the schedule, asked in an owner's chat (their bikes only) or a borrower's (every bike). */
export function scheduleCommands({ db, now, timeZone, graceMinutes }: BotDeps): Record<string, CommandHandler> {
  return Object.fromEntries(
    Object.entries(scheduleReplies).map(([command, answer]) => [
      command,
      async ({ reply, owner }) => {
        const at = now();
        const settings = { timeZone, graceMinutes };
        const text =
          command === '/sekarang' && owner
            ? await ownerNow(db.kysely, at, settings, owner)
            : await answer(
                db.kysely,
                at,
                settings,
                owner?.bikes.map((bike) => bike.id),
              );
        await reply({ text }, at);
      },
    ]),
  );
}

/** `/bantuan`, Telegram's `/start`, and anything mistyped in the owner's chat; a linked bike owner's lists what works there (0061). */
export function ownerHelp(now: () => Date, chat: 'main' | 'bikeOwner' = 'main'): CommandHandler {
  const text = chat === 'main' ? messages.ownerBot.help : bikeOwnerHelp();
  return async ({ reply }) => reply({ text }, now());
}
