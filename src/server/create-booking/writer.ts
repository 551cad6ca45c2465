import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { withBookingLock } from '../bookings/booking-lock';
import { findStorageFault } from '../health/storage-health';

/** The database failed and the booking was not saved. */
export class BookingSaveError extends Error {
  constructor(cause: unknown) {
    super('the booking could not be saved', { cause });
  }
}

export class BookingQueueFullError extends Error {
  constructor(limit: number) {
    super(`more than ${limit} bookings are waiting`);
  }
}

export interface BookingWriterOptions<Job, Result> {
  maxBatch: number;
  /** Not counting the batch being written. */
  queueLimit: number;
  /** Once per transaction, after the lock is taken. */
  beforeBatch(trx: Executor, first: Job): Promise<void>;
  run(trx: Executor, job: Job): Promise<Result>;
  /** After a failed transaction: the result its commit saved after all (the reply was lost), else undefined. */
  findSaved(db: Executor, job: Job): Promise<Result | undefined>;
}

interface Pending<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: Error): void;
}

export interface BatchStats {
  batches: number;
  jobs: number;
  largest: number;
}

/**
 * One booking transaction at a time, under the lock that serializes instances too. Bookings that
 * arrive in one turn share a transaction and its commit on both engines, each seeing those before
 * it (docs/decisions/0029); a failed batch is retried one by one, so only the booking at fault fails.
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
      // A booking at fault fails alone; a database that is away or a lock timeout fails them all
      // at once, rather than making each wait out its own timeout.
      if (batch.length > 1 && !findStorageFault(error)) {
        for (const pending of batch) await this.#write([pending]);
        return;
      }
      // Those queued behind it meanwhile are refused with it: else each would wait for the lock
      // a second time, past the lock timeout the documentation promises (docs/operations.md).
      const queued = findStorageFault(error) ? this.#queue.splice(0) : [];
      for (const pending of batch) {
        const saved = await this.#findSaved(pending.job);
        if (saved !== undefined) pending.resolve(saved);
        else pending.reject(new BookingSaveError(error));
      }
      for (const pending of queued) pending.reject(new BookingSaveError(error));
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
      // Unknown whether it was saved; a retry with the same Idempotency-Key finds out.
      return undefined;
    }
  }

  #count(size: number): void {
    this.stats.batches += 1;
    this.stats.jobs += size;
    this.stats.largest = Math.max(this.stats.largest, size);
  }
}
