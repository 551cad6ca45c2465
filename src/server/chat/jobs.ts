import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { enqueueDueBorrowerMessages } from './rounds';

export const DEFAULT_BORROWER_ROUND_INTERVAL_MS = 15_000;

/** The linked chats' reminders and notices: one outbox row per chat and key, so every instance may look. A step of the borrowers' round. */
export function remindBorrowers({ config, db }: AppContext): (log: FastifyBaseLogger, at: Date) => Promise<void> {
  return async (log, at) => {
    const written = await enqueueDueBorrowerMessages(db, at, {
      timeZone: config.timeZone,
      graceMinutes: config.returnGraceMinutes,
      reminderMinutes: config.borrowerReminderMinutes,
    });
    if (written > 0) log.info({ written }, 'borrower reminders queued');
  };
}
