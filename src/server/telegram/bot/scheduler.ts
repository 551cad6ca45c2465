import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import { localMomentIn, todayIn } from '../../../domain/clock';
import { isDigestDue, isReminderDue, reminderText, scheduleText } from '../../../domain/owner-bot';
import { enqueueBotText } from '../outbox/notices';
import { findScheduleOn } from './schedule-repository';

export interface SchedulerSettings {
  timeZone: string;
  digestTime: string | undefined;
  reminderMinutes: number;
  intervalMs: number;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Every instance runs it: the outbox's unique key makes each digest and reminder one row however many see it due. */
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
  const { timeZone, digestTime, reminderMinutes } = settings;
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
        const text = scheduleText(today, 'today', await findScheduleOn(db.kysely, today));
        if (await enqueueBotText(db.kysely, 'digest', text, `digest:${today}`, at)) log.info({ date: today }, 'morning digest queued');
      });
    }
    if (reminderMinutes > 0) {
      const horizon = localMomentIn(timeZone, new Date(at.getTime() + reminderMinutes * 60_000)).date;
      const bookings = await findScheduleOn(db.kysely, today);
      if (horizon !== today) bookings.push(...(await findScheduleOn(db.kysely, horizon)));
      for (const booking of bookings) {
        if (!isReminderDue(booking, at, reminderMinutes, timeZone)) continue;
        await once(`reminder:${booking.ref}`, async () => {
          await enqueueBotText(db.kysely, 'reminder', reminderText(booking), `reminder:${booking.ref}`, at);
        });
      }
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      round = tick()
        .then(() => {
          if (failing) log.info('digest and reminders: the database answers again');
          failing = false;
        })
        .catch((error: unknown) => {
          // Logged once per outage, not once per tick.
          if (!failing) log.error({ error: (error as Error).message }, 'digest and reminders: cannot read the schedule, will keep trying');
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
