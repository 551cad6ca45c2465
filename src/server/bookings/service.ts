import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { bookingsShownOn } from '../../domain/booking-day';
import {
  type BookingInput,
  checkBookingRules,
  checkRequired,
  type FieldErrors,
  hasErrors,
  needsStnk,
  voucherCodeFromReason,
  voucherEnd,
} from '../../domain/booking-rules';
import type { CreatedBooking, DayBooking } from '../../domain/booking-schemas';
import { messages } from '../../domain/messages';
import { enqueueBookingNotice } from '../notify/outbox';
import { findUserByName } from '../roster/repository';
import { consumeVoucher, findBookingsTouching, insertBooking, lockBookings } from './repository';

export type CreateBookingResult = { booking: CreatedBooking } | { errors: FieldErrors };

/** The database failed while a booking was being saved; nothing of it was written. */
export class BookingSaveError extends Error {
  constructor(cause: unknown) {
    super('the booking could not be saved', { cause });
  }
}

export async function listBookingsOn(db: Executor, date: string): Promise<DayBooking[]> {
  return bookingsShownOn(date, await findBookingsTouching(db, date));
}

/**
 * Checks and saves one booking in one transaction that no other booking transaction runs beside,
 * so two requests cannot both take one slot or one voucher. A rule failure answers the field
 * errors and writes nothing; a database failure throws BookingSaveError.
 */
export async function createBooking(db: Db, input: BookingInput, today: string, now: Date): Promise<CreateBookingResult> {
  const missing = checkRequired(input);
  if (hasErrors(missing)) return { errors: missing };
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      await lockBookings(trx, db.engine);
      const user = await findUserByName(trx, input.name);
      if (!user) return { errors: { name: messages.nameNotFound } };

      const code = voucherCodeFromReason(input.reason);
      const usedVoucher = await consumeVoucher(trx, code);
      let span = { end: input.end, endDate: input.date };
      if (usedVoucher) {
        span = voucherEnd(input.date, input.start);
      } else {
        const touching = await findBookingsTouching(trx, input.date);
        const errors = checkBookingRules(input, {
          today,
          userClass: user.class,
          userBookings: touching.filter((booking) => booking.usersId === user.id),
          dayBookings: touching,
        });
        if (hasErrors(errors)) return { errors };
      }

      const reason = input.reason.trim();
      const needStnk = needsStnk(input.needStnk);
      const voucherCode = usedVoucher ? code : null;
      const id = await insertBooking(trx, {
        usersId: user.id,
        date: input.date,
        start: input.start,
        ...span,
        reason,
        needStnk,
        voucherCode,
        createdAt: now.toISOString(),
      });
      await enqueueBookingNotice(
        trx,
        { name: user.name, class: user.class, date: input.date, start: input.start, ...span, reason, needStnk, voucherCode },
        now,
      );
      return {
        booking: { id, name: user.name, class: user.class, date: input.date, start: input.start, ...span, reason, needStnk, usedVoucher },
      };
    });
  } catch (error) {
    throw new BookingSaveError(error);
  }
}
