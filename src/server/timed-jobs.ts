import type { BuildOptions } from './app';
import { DEFAULT_DAILY_BACKUP_INTERVAL_MS, dailyBackupJob } from './backup/daily';
import { DEFAULT_BORROWER_ROUND_INTERVAL_MS, remindBorrowers } from './chat/jobs';
import type { AppContext } from './context';
import { fundReminderJob } from './fund/jobs';
import { DEFAULT_PROVISIONAL_INTERVAL_MS, provisionalChargesJob } from './fund/provisional';
import type { Job } from './jobs/jobs';
import { DEFAULT_CANCELLATION_FINISH_INTERVAL_MS, outOfServiceJob, tellBackInService } from './out-of-service/jobs';
import { ownerSchedulerJob } from './owner/scheduler';
import { DEFAULT_RETENTION_INTERVAL_MS, retentionJob } from './retention/jobs';
import { DEFAULT_BOT_OPTIONS } from './telegram/bot/bot';
import { cleanUpJob, DEFAULT_CLEAN_UP_INTERVAL_MS, offerFreedSlots } from './waiting-list/jobs';

/** The borrowers' round: a period's end, then the reminders, then the offers, in this order on one clock reading. */
function borrowerRoundJob(context: AppContext, intervalMs: number): Job {
  const steps = [tellBackInService(context), remindBorrowers(context), offerFreedSlots(context)];
  return {
    name: 'borrower reminders',
    intervalMs,
    instances: 'every',
    run: async (log) => {
      const at = context.now();
      for (const step of steps) await step(log, at);
    },
  };
}

/** Every timed loop of the app; the owner's and the fund's reminders only with Telegram on. */
export function timedJobs(context: AppContext, options: BuildOptions): (Job | undefined)[] {
  const { config } = context;
  const jobs = [
    dailyBackupJob(context, options.dailyBackupIntervalMs ?? DEFAULT_DAILY_BACKUP_INTERVAL_MS),
    provisionalChargesJob(context, options.provisionalChargeIntervalMs ?? DEFAULT_PROVISIONAL_INTERVAL_MS),
    outOfServiceJob(context, options.outOfServiceIntervalMs ?? DEFAULT_CANCELLATION_FINISH_INTERVAL_MS),
    cleanUpJob(context, DEFAULT_CLEAN_UP_INTERVAL_MS),
    // Push reaches borrowers without Telegram (0058).
    borrowerRoundJob(context, options.borrowerRoundIntervalMs ?? DEFAULT_BORROWER_ROUND_INTERVAL_MS),
    retentionJob(context, options.retentionIntervalMs ?? DEFAULT_RETENTION_INTERVAL_MS),
  ];
  if (!config.telegram) return jobs;
  const { schedulerIntervalMs, handoverQuestions } = { ...DEFAULT_BOT_OPTIONS, ...options.bot };
  const { timeZone, returnGraceMinutes, noShowMinutes, telegramBot } = config;
  const owner = ownerSchedulerJob(context.db, context.now, {
    timeZone,
    digestTime: telegramBot.digestTime,
    reminderMinutes: telegramBot.reminderMinutes,
    handover: handoverQuestions ? { graceMinutes: returnGraceMinutes, noShowMinutes } : undefined,
    intervalMs: schedulerIntervalMs,
  });
  return [...jobs, owner, fundReminderJob(context, options.borrowerRoundIntervalMs)];
}
