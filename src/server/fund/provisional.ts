import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { repeatWhileOpen } from '../repeat';
import { writeDueProvisionalCharges } from './charges';

export const DEFAULT_PROVISIONAL_INTERVAL_MS = 60_000;

/** Every instance looks: the charge's unique booking makes each one row however many see it due. */
export function registerProvisionalCharges(app: FastifyInstance, { config, db, now }: AppContext, intervalMs: number): void {
  repeatWhileOpen(app, 'provisional charges', intervalMs, async () => {
    const written = await writeDueProvisionalCharges(db, {
      now: now(),
      timeZone: config.timeZone,
      graceMinutes: config.returnGraceMinutes,
    });
    if (written > 0) app.log.info({ written }, 'provisional charges written');
  });
}
