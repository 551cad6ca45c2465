import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { offerFreedSpans } from './rounds';

/** A span freed by a cancellation or an early return offered to whoever waits for it. A step of the borrowers' round. */
export function offerFreedSlots({ config, db }: AppContext): (log: FastifyBaseLogger, at: Date) => Promise<void> {
  return async (log, at) => {
    const offered = await offerFreedSpans(db, { now: at, timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes });
    if (offered > 0) log.info({ offered }, 'freed slots offered');
  };
}
