import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { writeDueProvisionalCharges } from './charges';

export const DEFAULT_PROVISIONAL_INTERVAL_MS = 60_000;

/** Every instance looks: the charge's unique booking makes each one row however many see it due. */
export function registerProvisionalCharges(app: FastifyInstance, { config, db, now }: AppContext, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failing = false;
  const look = () => {
    running = writeDueProvisionalCharges(db, { now: now(), timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes })
      .then((written) => {
        if (written > 0) app.log.info({ written }, 'provisional charges written');
        failing = false;
      })
      .catch((error: unknown) => {
        // Logged once per outage, not once per look.
        if (!failing)
          app.log.error({ error: (error as Error).message }, 'provisional charges: the database does not answer, will keep trying');
        failing = true;
      })
      .finally(() => {
        timer = setTimeout(look, intervalMs);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => look());
  app.addHook('preClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
