import { localMomentIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { runRetentionOnce } from './service';

export const DEFAULT_RETENTION_INTERVAL_MS = 10 * 60_000;

/** The first round of each date in the app's zone: one instance claims the date in the database and deletes. */
export function retentionJob({ config, db, now }: AppContext, intervalMs: number): Job {
  let lastDate = '';
  return {
    name: 'retention',
    intervalMs,
    instances: 'one',
    run: async (log) => {
      const at = now();
      const { date } = localMomentIn(config.timeZone, at);
      if (date === lastDate) return;
      const pruned = await runRetentionOnce(db, date, at, config.retentionDays);
      lastDate = date;
      if (pruned) log.info({ pruned, retentionDays: config.retentionDays }, 'retention: old rows deleted');
      else log.info({ date }, "retention: another instance ran today's");
    },
  };
}
