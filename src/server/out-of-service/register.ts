import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { repeatWhileOpen } from '../repeat';
import { finishCancellations } from './service';

export const DEFAULT_CANCELLATION_FINISH_INTERVAL_MS = 60_000;

/** Every instance looks: the cancellation service refuses a second cancel and the messages have unique keys. */
export function registerOutOfServiceRounds(app: FastifyInstance, { config, db, now }: AppContext, intervalMs: number): void {
  repeatWhileOpen(app, 'out-of-service cancellations', intervalMs, async () => {
    const finished = await finishCancellations(db, { now: now(), timeZone: config.timeZone });
    if (finished > 0) app.log.info({ finished }, 'an interrupted Batalkan semua finished');
  });
}
