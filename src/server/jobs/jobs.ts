import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { repeatWhileOpen } from './repeat';

/** A timed loop a feature owns; the app starts it when ready and stops it before the database closes. */
export interface Job {
  /** Names the job in its log lines. */
  name: string;
  /** From the end of one round to the start of the next. */
  intervalMs: number;
  /** `every`: each instance runs each round, writing once per key. `one`: each looks, and a round claims its work for one instance. */
  instances: 'every' | 'one';
  run(log: FastifyBaseLogger): Promise<void>;
}

/** Runs each job from ready until the app closes; a failing round is logged once per outage. */
export function registerJobs(app: FastifyInstance, jobs: readonly (Job | undefined)[]): void {
  for (const job of jobs) {
    if (job) repeatWhileOpen(app, job.name, job.intervalMs, () => job.run(app.log));
  }
}
