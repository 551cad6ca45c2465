import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import {
  digestWithOutstanding,
  dueHandoverNotices,
  handoverNoticeText,
  isDigestDue,
  isReminderDue,
  outOfServiceLine,
  reminderText,
  scheduleText,
} from '../../../domain/chat/owner-bot';
import { periodSpanOn } from '../../../domain/out-of-service/out-of-service';
import { addDays, localMomentIn, todayIn } from '../../../domain/time/clock';
import { fundSummary } from '../../fund/service';
import { findHandoversStartingBetween, findLoansOut } from '../../handover/repository';
import { publicPeriodsFrom } from '../../out-of-service/service';
import { enqueueBotText } from '../outbox/enqueue';
import { handoverMessageKey } from '../outbox/notices';
import { findScheduleOn } from './schedule-repository';

export interface SchedulerSettings {
  timeZone: string;
  digestTime: string | undefined;
  reminderMinutes: number;
  /** Undefined: no end, late or no-show questions. */
  handover: { graceMinutes: number; noShowMinutes: number } | undefined;
  intervalMs: number;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Every instance runs it: the outbox's unique key makes each digest, reminder and question one row however many see it due. */
export function startScheduler({
  db,
  now,
  log,
  settings,
}: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  settings: SchedulerSettings;
}): Scheduler {
  const { timeZone, digestTime, reminderMinutes, handover } = settings;
  // Keys already written (or seen written), so each tick does not try them again.
  const done = new Set<string>();
  let doneDate = '';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let failing = false;

  async function once(key: string, write: () => Promise<void>): Promise<void> {
    if (done.has(key)) return;
    await write();
    done.add(key);
  }

  async function tick(): Promise<void> {
    const at = now();
    const today = todayIn(timeZone, at);
    if (today !== doneDate) {
      done.clear();
      doneDate = today;
    }
    if (digestTime !== undefined && isDigestDue(at, digestTime, timeZone)) {
      await once(`digest:${today}`, async () => {
        const out = (await publicPeriodsFrom(db.kysely, today)).filter((period) => periodSpanOn(today, period) !== undefined);
        const schedule = [...out.map(outOfServiceLine), scheduleText(today, 'today', await findScheduleOn(db.kysely, today))].join('\n\n');
        const text = digestWithOutstanding(schedule, (await fundSummary(db.kysely)).totalOutstanding);
        if (await enqueueBotText(db.kysely, 'digest', text, `digest:${today}`, at)) log.info({ date: today }, 'morning digest queued');
      });
    }
    if (reminderMinutes > 0) {
      const horizon = localMomentIn(timeZone, new Date(at.getTime() + reminderMinutes * 60_000)).date;
      const bookings = await findScheduleOn(db.kysely, today);
      if (horizon !== today) bookings.push(...(await findScheduleOn(db.kysely, horizon)));
      for (const booking of bookings) {
        if (!isReminderDue(booking, at, reminderMinutes, timeZone)) continue;
        const key = handoverMessageKey('reminder', booking.ref);
        await once(key, async () => {
          await enqueueBotText(db.kysely, 'reminder', reminderText(booking), key, at, { kind: 'pickup', ref: booking.ref });
        });
      }
    }
    if (handover) await askAboutHandovers(at, today, handover);
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
          await enqueueBotText(db.kysely, 'handover', text, key, at, keyboard);
        });
      }
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      round = tick()
        .then(() => {
          if (failing) log.info('digest, reminders and questions: the database answers again');
          failing = false;
        })
        .catch((error: unknown) => {
          // Logged once per outage, not once per tick.
          if (!failing)
            log.error({ error: (error as Error).message }, 'digest, reminders and questions: cannot read the schedule, will keep trying');
          failing = true;
        })
        .then(() => schedule(settings.intervalMs));
    }, delayMs);
  }

  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
