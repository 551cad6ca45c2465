import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { claimPeriodsBackInService, finishCancellations } from './service';

export const DEFAULT_CANCELLATION_FINISH_INTERVAL_MS = 60_000;

/** Every instance looks: the cancellation service refuses a second cancel and the messages have unique keys. */
export function outOfServiceJob({ config, db, now }: AppContext, intervalMs: number): Job {
  return {
    name: 'out-of-service cancellations',
    intervalMs,
    instances: 'every',
    run: async (log) => {
      const finished = await finishCancellations(db, { now: now(), timeZone: config.timeZone });
      if (finished > 0) log.info({ finished }, 'an interrupted Batalkan semua finished');
    },
  };
}

/** A period's end told to the bookings it warned; the end is claimed once across instances. A step of the borrowers' round. */
export function tellBackInService({ config, db }: AppContext): (log: FastifyBaseLogger, at: Date) => Promise<void> {
  return async (log, at) => {
    const back = await claimPeriodsBackInService(db, {
      now: at,
      timeZone: config.timeZone,
      ...(config.appUrl && { appUrl: config.appUrl }),
    });
    if (back.length > 0) log.info({ periods: back.length }, 'bike back in service told');
  };
}
