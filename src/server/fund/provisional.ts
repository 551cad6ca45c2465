import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { writeDueProvisionalCharges } from './charges';

export const DEFAULT_PROVISIONAL_INTERVAL_MS = 60_000;

/** Every instance looks: the charge's unique booking makes each one row however many see it due. */
export function provisionalChargesJob({ config, db, now }: AppContext, intervalMs: number): Job {
  return {
    name: 'provisional charges',
    intervalMs,
    instances: 'every',
    run: async (log) => {
      const written = await writeDueProvisionalCharges(db, {
        now: now(),
        timeZone: config.timeZone,
        graceMinutes: config.returnGraceMinutes,
      });
      if (written > 0) log.info({ written }, 'provisional charges written');
    },
  };
}
