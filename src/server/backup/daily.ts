import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { localMomentIn } from '../../domain/time/clock';
import type { AppContext } from '../context';
import type { Job } from '../jobs/jobs';
import { backupSqlite } from './service';

export const DEFAULT_DAILY_BACKUP_INTERVAL_MS = 30_000;

/**
 * One backup a day at or after `backupTime` (in the app's zone), on SQLite. Instances on one
 * file share one machine, so the day's claim is a file created exclusively beside the backups:
 * whichever instance creates it makes the backup. Undefined when there is nothing to back up.
 */
export function dailyBackupJob({ config, now }: AppContext, intervalMs: number): Job | undefined {
  const { database, backupTime, backupKeep, timeZone } = config;
  if (database.engine !== 'sqlite' || backupTime === undefined) return undefined;
  const databasePath = database.path;
  const dueAt = backupTime;
  const folder = join(dirname(databasePath), 'backups');
  let lastDate = '';

  async function run(log: Parameters<Job['run']>[0]): Promise<void> {
    const at = now();
    const { date, time } = localMomentIn(timeZone, at);
    if (date === lastDate || time < dueAt) return;
    lastDate = date;
    mkdirSync(folder, { recursive: true });
    const claim = join(folder, `.daily-${date}`);
    try {
      closeSync(openSync(claim, 'wx'));
    } catch {
      log.info({ date }, "daily backup: another instance made today's");
      return;
    }
    try {
      const { path, removed } = await backupSqlite(databasePath, { keep: backupKeep, now: at, timeZone });
      log.info({ path, removed: removed.length }, 'daily backup written');
    } catch (error) {
      rmSync(claim, { force: true });
      lastDate = '';
      log.error({ error: (error as Error).message }, 'daily backup failed; it is tried again at the next look');
    }
  }

  return { name: 'daily backup', intervalMs, instances: 'one', run };
}
