import { z } from 'zod';
import type { Executor } from '../../db/executor';
import { isCalendarDate, isClockTime } from '../../domain/clock';
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

const date = z.string().refine(isCalendarDate);
const time = z.string().refine(isClockTime);
const bookingNoticeSchema = z.object({
  name: z.string(),
  class: z.string(),
  date,
  start: time,
  end: time,
  endDate: date,
  reason: z.string(),
  needStnk: z.boolean(),
  voucherCode: z.string().nullable(),
});

/** The notice an outbox row of kind 'booking' holds; undefined when its payload is not one. */
export function findBookingNotice(kind: string, payload: string): BookingNotice | undefined {
  if (kind !== 'booking') return undefined;
  try {
    const result = bookingNoticeSchema.safeParse(JSON.parse(payload));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
