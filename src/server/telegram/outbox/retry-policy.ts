export interface RetrySchedule {
  /** Waits after the 1st, 2nd, … failed attempt; the last one repeats. */
  delaysMs: readonly number[];
  /** A message older than this when its next try would be due is given up. */
  giveUpAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR],
  giveUpAfterMs: 24 * HOUR,
};

/** Undefined to give up. `retryAfterMs`, Telegram's own wait after a 429, replaces the schedule's. */
export function findNextAttempt(
  { createdAt, attempts, now, retryAfterMs }: { createdAt: Date; attempts: number; now: Date; retryAfterMs?: number },
  schedule: RetrySchedule,
): Date | undefined {
  const delays = schedule.delaysMs;
  const delay = retryAfterMs ?? delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 0;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > schedule.giveUpAfterMs ? undefined : next;
}
