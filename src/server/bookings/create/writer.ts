import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { withBookingLock } from '../booking-lock';

/** The database failed while a booking was being saved, and it was not saved. */
export class BookingSaveError extends Error {
  constructor(cause: unknown) {
    super('the booking could not be saved', { cause });
  }
}

/** More bookings wait than the configured limit; this one was not queued. */
export class BookingQueueFullError extends Error {
  constructor(limit: number) {
    super(`more than ${limit} bookings are waiting`);
  }
}

export interface BookingWriterOptions<Job, Result> {
  /** Most bookings saved in one transaction: 1 turns batching off. */
  maxBatch: number;
  /** Most bookings waiting (not counting the batch being written); one more is refused. */
  queueLimit: number;
  /** Runs once per transaction, after the lock is taken and before the first job. */
  beforeBatch(trx: Executor, first: Job): Promise<void>;
  /** Checks and saves one job inside the locked transaction. */
  run(trx: Executor, job: Job): Promise<Result>;
  /**
   * After a transaction failed: the result the job's own transaction committed after all (the
   * commit reached the database but its reply was lost), else undefined.
   */
  findSaved(db: Executor, job: Job): Promise<Result | undefined>;
}

interface Pending<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: Error): void;
}

/** How big the batches tried so far were (a retry one by one counts each try), for the benchmark and the logs. */
export interface BatchStats {
  batches: number;
  jobs: number;
  largest: number;
}

/**
 * Runs booking transactions one at a time in this process (decision record 0007), each holding
 * the booking lock that also serializes other instances. Bookings wait in a bounded queue and go
 * together into the next transaction, one after another, each seeing those before it: the
 * outcome of one transaction each, at one commit (one disk flush) per batch. A transaction
 * begins in the check phase of the event loop, after the turn's I/O: on PostgreSQL bookings also
 * gather while one waits on the network; on SQLite, whose driver is synchronous, a batch is the
 * bookings that arrived in one turn. A failed batch is retried one job at a time, so only the
 * booking at fault fails.
 */
export class BookingWriter<Job, Result> {
  readonly #db: Db;
  readonly #options: BookingWriterOptions<Job, Result>;
  #queue: Pending<Job, Result>[] = [];
  #writing = false;
  readonly stats: BatchStats = { batches: 0, jobs: 0, largest: 0 };

  constructor(db: Db, options: BookingWriterOptions<Job, Result>) {
    this.#db = db;
    this.#options = options;
  }

  /** Bookings waiting for the batch being written to end. */
  get waiting(): number {
    return this.#queue.length;
  }

  submit(job: Job): Promise<Result> {
    if (this.#queue.length >= this.#options.queueLimit) return Promise.reject(new BookingQueueFullError(this.#options.queueLimit));
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      if (this.#writing) return;
      this.#writing = true;
      // Begun once this turn's I/O is handled, so every booking that arrived in it shares the commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, this.#options.maxBatch));
    } finally {
      this.#writing = false;
    }
  }

  async #write(batch: Pending<Job, Result>[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    this.#count(batch.length);
    try {
      const results = await this.#transaction(batch);
      for (const [index, pending] of batch.entries()) pending.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length > 1) {
        for (const pending of batch) await this.#write([pending]);
        return;
      }
      const saved = await this.#findSaved(first.job);
      if (saved !== undefined) first.resolve(saved);
      else first.reject(new BookingSaveError(error));
    }
  }

  #transaction(batch: Pending<Job, Result>[]): Promise<Result[]> {
    return withBookingLock(this.#db, async (trx) => {
      await this.#options.beforeBatch(trx, (batch[0] as Pending<Job, Result>).job);
      const results: Result[] = [];
      for (const pending of batch) results.push(await this.#options.run(trx, pending.job));
      return results;
    });
  }

  async #findSaved(job: Job): Promise<Result | undefined> {
    try {
      return await this.#options.findSaved(this.#db.kysely, job);
    } catch {
      // Still unreachable: whether it was saved cannot be known now; a retry with the same
      // Idempotency-Key will be answered the saved booking if it was.
      return undefined;
    }
  }

  #count(size: number): void {
    this.stats.batches += 1;
    this.stats.jobs += size;
    this.stats.largest = Math.max(this.stats.largest, size);
  }
}
