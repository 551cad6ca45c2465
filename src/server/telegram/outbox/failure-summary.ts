import type { FastifyBaseLogger } from 'fastify';

const SUMMARY_EVERY_MS = 60_000;

/** Failed sends to retry: the first logged at once, then one line a minute with a count, and one when sends go through again. */
export function createFailureSummary(log: FastifyBaseLogger, now: () => Date) {
  let lineAt: number | undefined;
  let failed = 0;
  let lastError = '';
  return {
    failed(error: string): void {
      const at = now().getTime();
      failed += 1;
      lastError = error;
      if (lineAt !== undefined && at - lineAt < SUMMARY_EVERY_MS) return;
      const first = lineAt === undefined;
      log.warn(
        { failed, error: lastError },
        first
          ? 'Telegram notification failed, will retry (while sends fail: one line a minute with their count)'
          : `Telegram: ${failed} send(s) failed in the last minute, will retry`,
      );
      lineAt = at;
      failed = 0;
    },
    sent(): void {
      if (lineAt === undefined) return;
      log.info(
        { failed, error: failed > 0 ? lastError : undefined },
        `Telegram sends go through again (${failed} more failed since the last line)`,
      );
      lineAt = undefined;
      failed = 0;
    },
  };
}
