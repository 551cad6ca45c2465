import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import {
  digestWithOutstanding,
  dueHandoverNotices,
  handoverNoticeText,
  isDigestDue,
  isReminderDue,
  outOfServiceLine,
  reminderText,
  scheduleText,
} from '../../domain/chat/owner-bot';
import { minutesBetween } from '../../domain/handover/handover';
import { periodSpanOn } from '../../domain/out-of-service/out-of-service';
import { addDays, localMomentIn, todayIn } from '../../domain/time/clock';
import { ownerChatOfBooking } from '../bookings/owner-notice';
import { withBikeLine } from '../chat/notify';
import { fundSummary } from '../fund/service';
import { enqueueHandoverKeyboard, handoverMessageKey, unbuttonKey } from '../handover/owner-messages';
import { findHandoversStartingBetween, findLoansOut } from '../handover/service';
import type { Job } from '../jobs/jobs';
import { findShownBikeNames } from '../motor/bike-names';
import { findBikesOwnedBy, findLinkedOwners } from '../motor/bikes-service';
import { askWhetherStillOut } from '../out-of-service/owner-flow';
import { publicPeriodsFrom } from '../out-of-service/service';
import { enqueueBotText, enqueueOutbox } from '../telegram/outbox/enqueue';
import { findSentRows } from '../telegram/outbox/sent';
import { findScheduleOn } from './schedule-repository';

export interface SchedulerSettings {
  timeZone: string;
  digestTime: string | undefined;
  reminderMinutes: number;
  /** Undefined: no end, late or no-show questions. */
  handover: { graceMinutes: number; noShowMinutes: number } | undefined;
  intervalMs: number;
}

type Once = (key: string, write: () => Promise<void>) => Promise<void>;

async function digestDay(db: Executor, today: string, bikes: readonly number[]): Promise<string> {
  const names = await findShownBikeNames(db);
  const out = (await publicPeriodsFrom(db, today)).filter(
    (period) => bikes.includes(period.motorId) && periodSpanOn(today, period) !== undefined,
  );
  const periods = out.map((period) => withBikeLine(outOfServiceLine(period), names?.get(period.motorId)));
  return [...periods, scheduleText(today, 'today', await findScheduleOn(db, today, bikes))].join('\n\n');
}

/** `TELEGRAM_CHAT_ID`'s digest (with the fund's total owed), then one per linked bike owner's chat with its own bikes' day (0060). */
async function queueDigests(db: Db, { at, today, once, log }: { at: Date; today: string; once: Once; log: FastifyBaseLogger }) {
  await once(`digest:${today}`, async () => {
    const bikes = (await findBikesOwnedBy(db.kysely, null)).map((bike) => bike.id);
    const text = digestWithOutstanding(await digestDay(db.kysely, today, bikes), (await fundSummary(db.kysely)).totalOutstanding);
    if (await enqueueBotText(db.kysely, 'digest', text, `digest:${today}`, at)) log.info({ date: today }, 'morning digest queued');
  });
  for (const [chatId, bikes] of await findLinkedOwners(db.kysely)) {
    const key = `digest:${today}:${chatId}`;
    await once(key, async () => {
      const text = await digestDay(db.kysely, today, bikes);
      await enqueueOutbox(db.kysely, 'digest', { text }, { now: at, dedupeKey: key, chatId });
    });
  }
}

/**
 * The owner's morning digest, reminders and handover questions. Every instance runs it: the
 * outbox's unique key makes each one row however many see it due. Undefined when all are off.
 */
export function ownerSchedulerJob(db: Db, now: () => Date, settings: SchedulerSettings): Job | undefined {
  const { timeZone, digestTime, reminderMinutes, handover } = settings;
  if (digestTime === undefined && reminderMinutes <= 0 && handover === undefined) return undefined;
  // Keys already written (or seen written), so each round does not try them again.
  const done = new Set<string>();
  let doneDate = '';

  async function once(key: string, write: () => Promise<void>): Promise<void> {
    if (done.has(key)) return;
    await write();
    done.add(key);
  }

  async function tick(log: FastifyBaseLogger): Promise<void> {
    const at = now();
    const today = todayIn(timeZone, at);
    if (today !== doneDate) {
      done.clear();
      doneDate = today;
    }
    if (digestTime !== undefined && isDigestDue(at, digestTime, timeZone)) {
      await queueDigests(db, { at, today, once, log });
      await askWhetherStillOut(db, today, at);
    }
    if (reminderMinutes > 0) {
      const horizon = localMomentIn(timeZone, new Date(at.getTime() + reminderMinutes * 60_000)).date;
      const bookings = await findScheduleOn(db.kysely, today);
      if (horizon !== today) bookings.push(...(await findScheduleOn(db.kysely, horizon)));
      for (const booking of bookings) {
        if (!isReminderDue(booking, at, reminderMinutes, timeZone)) continue;
        const key = handoverMessageKey('reminder', booking.ref);
        await once(key, async () => {
          const payload = { text: reminderText(booking), keyboard: { kind: 'pickup', ref: booking.ref } } as const;
          await enqueueOutbox(db.kysely, 'reminder', payload, {
            now: at,
            dedupeKey: key,
            chatId: await ownerChatOfBooking(db.kysely, booking.ref),
          });
        });
      }
    }
    if (reminderMinutes > 0) await removeEndedReminderButtons(at, today);
    if (handover) await askAboutHandovers(at, today, handover);
  }

  /**
   * At the booked end of a loan nobody recorded picked up, the reminder's `Sudah diambil` goes: the
   * lifecycle refuses a pickup from then on (0050). Same key as a loan's end, so the edit is made once.
   */
  async function removeEndedReminderButtons(at: Date, today: string) {
    const moment = localMomentIn(timeZone, at);
    for (const booking of await findHandoversStartingBetween(db.kysely, addDays(today, -1), today)) {
      const key = handoverMessageKey('reminder', booking.ref);
      const ended = minutesBetween({ date: booking.bookedEnd.endDate, time: booking.bookedEnd.end }, moment) >= 0;
      if (done.has(`ended:${key}`) || booking.cancelled || booking.stage !== 'booked' || !ended) continue;
      const [sent] = await findSentRows(db.kysely, [key]);
      if (sent) {
        const chatId = await ownerChatOfBooking(db.kysely, booking.ref);
        const edit = { messageId: sent.messageId, keyboard: { kind: 'none' } } as const;
        await enqueueHandoverKeyboard(db.kysely, edit, unbuttonKey(sent.messageId, chatId), at, chatId);
      }
      done.add(`ended:${key}`);
    }
  }

  /** Bookings from yesterday on, and any loan still out however old: a voucher loan ends the next day. */
  async function askAboutHandovers(
    at: Date,
    today: string,
    { graceMinutes, noShowMinutes }: { graceMinutes: number; noShowMinutes: number },
  ) {
    const moment = localMomentIn(timeZone, at);
    const nearby = await findHandoversStartingBetween(db.kysely, addDays(today, -1), today);
    const out = (await findLoansOut(db.kysely)).filter((loan) => !nearby.some((booking) => booking.ref === loan.ref));
    for (const booking of [...nearby, ...out]) {
      for (const notice of dueHandoverNotices(booking, moment, graceMinutes, noShowMinutes)) {
        const key = handoverMessageKey(notice, booking.ref);
        await once(key, async () => {
          const text = handoverNoticeText(notice, booking, moment, graceMinutes);
          const keyboard =
            notice === 'noShow' ? ({ kind: 'noShow', ref: booking.ref } as const) : ({ kind: 'return', ref: booking.ref } as const);
          const chatId = await ownerChatOfBooking(db.kysely, booking.ref);
          await enqueueOutbox(db.kysely, 'handover', { text, keyboard }, { now: at, dedupeKey: key, chatId });
        });
      }
    }
  }

  return { name: 'digest, reminders and questions', intervalMs: settings.intervalMs, instances: 'every', run: tick };
}
