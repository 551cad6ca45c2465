import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { claimPeriodsBackInService } from '../../out-of-service/service';
import { repeatWhileOpen } from '../../repeat';
import { offerFreedSpans } from '../../waiting-list/service';
import { enqueueDueBorrowerMessages } from './rounds';

export const DEFAULT_BORROWER_ROUND_INTERVAL_MS = 15_000;

/**
 * Every instance looks, on the app clock; the outbox's unique keys make each message one row, and a
 * period's end is claimed once.
 */
export function registerBorrowerRounds(app: FastifyInstance, { config, db, now }: AppContext, intervalMs: number): void {
  repeatWhileOpen(app, 'borrower reminders', intervalMs, async () => {
    const at = now();
    const back = await claimPeriodsBackInService(db, { now: at, timeZone: config.timeZone });
    if (back.length > 0) app.log.info({ periods: back.length }, 'bike back in service told');
    const written = await enqueueDueBorrowerMessages(db, at, {
      timeZone: config.timeZone,
      graceMinutes: config.returnGraceMinutes,
      reminderMinutes: config.borrowerReminderMinutes,
    });
    if (written > 0) app.log.info({ written }, 'borrower reminders queued');
    const offered = await offerFreedSpans(db, { now: at, timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes });
    if (offered > 0) app.log.info({ offered }, 'freed slots offered');
  });
}
