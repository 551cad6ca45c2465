import type { Db } from '../../db/database';
import type { BookingInput } from '../../domain/booking-rules';
import { lockBookings } from './repository';
import { BookingSaveError, bookInTransaction, type CreateBookingResult } from './service';

interface PendingBooking {
  input: BookingInput;
  today: string;
  now: Date;
  resolve(result: CreateBookingResult): void;
  reject(error: BookingSaveError): void;
}

/** Most bookings saved in one transaction: bounds how long the last one of a batch waits. */
const MAX_BATCH = 64;

/**
 * Group commit. Booking transactions must run one at a time, and each durable commit costs a
 * disk flush (SQLite synchronous=FULL, PostgreSQL's WAL flush), so one commit per booking caps
 * throughput at one booking per flush and makes every waiting request pay for all the flushes
 * before it. Bookings that arrive while a batch is being written are checked and saved together
 * in the next transaction, one after another, each seeing those before it: the same outcome as
 * one transaction each, at one flush per batch. A batch that fails is retried one booking at a
 * time, so only the booking at fault fails.
 */
export class BookingWriter {
  readonly #db: Db;
  #queue: PendingBooking[] = [];
  #writing = false;

  constructor(db: Db) {
    this.#db = db;
  }

  create(input: BookingInput, today: string, now: Date): Promise<CreateBookingResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, today, now, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#writing = false;
    }
  }

  async #write(batch: PendingBooking[]): Promise<void> {
    try {
      const results = await this.#db.kysely.transaction().execute(async (trx) => {
        await lockBookings(trx, this.#db.engine);
        const saved: CreateBookingResult[] = [];
        for (const booking of batch) saved.push(await bookInTransaction(trx, booking.input, booking.today, booking.now));
        return saved;
      });
      for (const [index, booking] of batch.entries()) booking.resolve(results[index] as CreateBookingResult);
    } catch (error) {
      const [only] = batch;
      if (only && batch.length === 1) only.reject(new BookingSaveError(error));
      else for (const booking of batch) await this.#write([booking]);
    }
  }
}
