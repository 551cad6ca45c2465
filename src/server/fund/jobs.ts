import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { enqueueFundReminders } from './reminders';

export const DEFAULT_FUND_REMINDER_INTERVAL_MS = 60_000;

/** Every instance looks: the outbox key (month and chat) makes each reminder one row however many see it due. */
export function fundReminderJob({ config, db, now }: AppContext, intervalMs = DEFAULT_FUND_REMINDER_INTERVAL_MS): Job {
  return {
    name: 'fund reminders',
    intervalMs,
    instances: 'every',
    run: async (log) => {
      const written = await enqueueFundReminders(db.kysely, now(), { timeZone: config.timeZone, day: config.fundReminderDay });
      if (written > 0) log.info({ written }, 'fund reminders queued');
    },
  };
}
