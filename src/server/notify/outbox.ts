import type { Executor } from '../../db/executor';

/** What the owner is told about one booking; rendered into the Telegram text when it is sent. */
export interface BookingNotice {
  name: string;
  class: string;
  date: string;
  start: string;
  end: string;
  /** The next day for an overnight voucher loan. */
  endDate: string;
  reason: string;
  needStnk: boolean;
  voucherCode: string | null;
}

/**
 * Records the notice in the caller's transaction, so it exists exactly when the booking does;
 * the outbox worker delivers it after commit.
 */
export async function enqueueBookingNotice(db: Executor, notice: BookingNotice, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({ kind: 'booking', payload: JSON.stringify(notice), created_at: at, attempts: 0, next_attempt_at: at })
    .execute();
}
