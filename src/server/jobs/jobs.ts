import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { repeatWhileOpen } from './repeat';

/** A timed loop a feature owns; the app starts it when ready and stops it before the database closes. */
export interface Job {
  /** Names the job in its log lines. */
  name: string;
  /** From the end of one round to the start of the next. */
  intervalMs: number;
  /**
   * `every`: each instance runs every round, and what a round writes is once per key however many
   * run it. `one`: each instance looks, and a round claims its work so that one instance does it.
   */
  instances: 'every' | 'one';
  run(log: FastifyBaseLogger): Promise<void>;
}

/** Runs each job from ready until the app closes; a failing round is logged once per outage. */
export function registerJobs(app: FastifyInstance, jobs: readonly (Job | undefined)[]): void {
  for (const job of jobs) {
    if (job) repeatWhileOpen(app, job.name, job.intervalMs, () => job.run(app.log));
  }
}
