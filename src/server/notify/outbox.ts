import type { Executor } from '../../db/executor';
import type { BookingNotice } from '../../domain/telegram-text';

export type { BookingNotice };

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
