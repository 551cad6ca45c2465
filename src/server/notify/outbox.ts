import { z } from 'zod';
import type { Executor } from '../../db/executor';
import { isCalendarDate, isClockTime } from '../../domain/clock';
import { type BookingNotice, bookingNoticeText, type CancellationNotice, cancellationNoticeText } from '../../domain/telegram-text';

export type { BookingNotice, CancellationNotice };

async function enqueue(db: Executor, kind: string, payload: unknown, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({ kind, payload: JSON.stringify(payload), created_at: at, attempts: 0, next_attempt_at: at })
    .execute();
}

/**
 * Records the notice in the caller's transaction, so it exists exactly when the booking does;
 * the outbox worker delivers it after commit.
 */
export async function enqueueBookingNotice(db: Executor, notice: BookingNotice, now: Date): Promise<void> {
  await enqueue(db, 'booking', notice, now);
}

/** Records the cancellation notice in the cancelling transaction, like the booking notice. */
export async function enqueueCancellationNotice(db: Executor, notice: CancellationNotice, now: Date): Promise<void> {
  await enqueue(db, 'booking-cancelled', notice, now);
}

const date = z.string().refine(isCalendarDate);
const time = z.string().refine(isClockTime);
const span = { date, start: time, end: time, endDate: date, name: z.string(), class: z.string() };
const bookingNoticeSchema = z.object({ ...span, reason: z.string(), needStnk: z.boolean(), voucherCode: z.string().nullable() });
const cancellationNoticeSchema = z.object({ ...span, cancelledBy: z.string(), cancelReason: z.string() });

/** Each kind of outbox row: how its payload is read and how its text is written when it is sent. */
const kinds: Record<string, (payload: unknown) => string | undefined> = {
  booking: (payload) => {
    const result = bookingNoticeSchema.safeParse(payload);
    return result.success ? bookingNoticeText(result.data) : undefined;
  },
  'booking-cancelled': (payload) => {
    const result = cancellationNoticeSchema.safeParse(payload);
    return result.success ? cancellationNoticeText(result.data) : undefined;
  },
};

/** The Telegram text of an outbox row; undefined when its kind is unknown or its payload unreadable. */
export function findOutboxText(kind: string, payload: string): string | undefined {
  const render = kinds[kind];
  if (!render) return undefined;
  try {
    return render(JSON.parse(payload));
  } catch {
    return undefined;
  }
}
