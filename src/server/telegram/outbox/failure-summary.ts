import type { FastifyBaseLogger } from 'fastify';

const SUMMARY_EVERY_MS = 60_000;

/**
 * The log of failed sends that will be tried again: the first failure at once, then at most one
 * line a minute with the count, and one when a send goes through again; never a line per send.
 */
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
