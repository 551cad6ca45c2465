import { readFileSync } from 'node:fs';
import type { BuildOptions } from './app';
import { DEFAULT_NOTIFIER_OPTIONS } from './telegram/outbox/worker';

/** With a clock file (APP_CLOCK_FILE, tests only), tests of a server process move time by writing it instead of sleeping. */
export function createClock(clockFile: string | undefined): () => Date {
  if (!clockFile) return () => new Date();
  return () => {
    let text = '';
    try {
      text = readFileSync(clockFile, 'utf8').trim();
    } catch {
      // Not written yet: the real time.
    }
    const at = text ? new Date(text) : new Date();
    return Number.isNaN(at.getTime()) ? new Date() : at;
  };
}

/**
 * APP_JOB_INTERVAL_MS (tests and `npm run simulate` only, with a clock file): every timed loop and the outbox look this often, and a chat's
 * sends are paced no wider, so a clock moved by hours is acted on within a moment.
 */
export function jobIntervalsFromEnv(env: Record<string, string | undefined>, clockFile: string | undefined): BuildOptions {
  const ms = Number(env.APP_JOB_INTERVAL_MS ?? '');
  if (!clockFile || !Number.isInteger(ms) || ms <= 0) return {};
  return {
    notifier: { pollIntervalMs: ms, chatGapMs: Math.min(ms, DEFAULT_NOTIFIER_OPTIONS.chatGapMs) },
    bot: { schedulerIntervalMs: ms },
    borrowerRoundIntervalMs: ms,
    provisionalChargeIntervalMs: ms,
    outOfServiceIntervalMs: ms,
    dailyBackupIntervalMs: ms,
  };
}
