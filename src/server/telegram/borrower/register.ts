import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { repeatWhileOpen } from '../../repeat';
import { enqueueDueBorrowerMessages } from './rounds';

export const DEFAULT_BORROWER_ROUND_INTERVAL_MS = 15_000;

/** Every instance looks, on the app clock; the outbox's unique keys make each message one row. */
export function registerBorrowerRounds(app: FastifyInstance, { config, db, now }: AppContext, intervalMs: number): void {
  repeatWhileOpen(app, 'borrower reminders', intervalMs, async () => {
    const written = await enqueueDueBorrowerMessages(db, now(), {
      timeZone: config.timeZone,
      graceMinutes: config.returnGraceMinutes,
      reminderMinutes: config.borrowerReminderMinutes,
    });
    if (written > 0) app.log.info({ written }, 'borrower reminders queued');
  });
}
