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
import type { CreatedBooking, DayBooking, ListBookingsResponse } from '../../domain/booking-schemas';
import { addDays, daysBetween } from '../../domain/clock';
import { messages } from '../../domain/messages';
import { enqueueBookingNotice } from '../notify/outbox';
import { findUserByName } from '../roster/repository';
import { hashCancelToken, newCancelToken } from './cancel-token';
import { consumeVoucher, findBookingsBetween, findBookingsTouching, insertBooking } from './repository';
import type { BookingWriter } from './writer';

/** `cancelToken`: the borrower's cancel secret, handed out once; only its hash is saved. */
export type CreateBookingResult = { booking: CreatedBooking; cancelToken: string } | { errors: FieldErrors };

/** The database failed while a booking was being saved; nothing of it was written. */
export class BookingSaveError extends Error {
  constructor(cause: unknown) {
    super('the booking could not be saved', { cause });
  }
}

export async function listBookingsOn(db: Executor, date: string): Promise<DayBooking[]> {
  return bookingsShownOn(date, await findBookingsTouching(db, date));
}

/** Each date from `from` to `to` with its bookings, read in one query. */
export async function listBookingsBetween(db: Executor, from: string, to: string): Promise<ListBookingsResponse[]> {
  const bookings = await findBookingsBetween(db, from, to);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => {
    const date = addDays(from, index);
    return { date, bookings: bookingsShownOn(date, bookings) };
  });
}

/** A booking whose required fields are all there; the writer checks the rest in its transaction. */
export async function createBooking(writer: BookingWriter, input: BookingInput, today: string, now: Date): Promise<CreateBookingResult> {
  const missing = checkRequired(input);
  if (hasErrors(missing)) return { errors: missing };
  return writer.create(input, today, now);
}

/**
 * Checks and saves one booking inside `trx`, which must hold the booking lock (`lockBookings`),
 * so no other booking can take the slot or the voucher in between. A rule failure answers the
 * field errors and writes nothing.
 */
export async function bookInTransaction(trx: Executor, input: BookingInput, today: string, now: Date): Promise<CreateBookingResult> {
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
  const cancelToken = newCancelToken();
  const id = await insertBooking(trx, {
    usersId: user.id,
    date: input.date,
    start: input.start,
    ...span,
    reason,
    needStnk,
    voucherCode,
    createdAt: now.toISOString(),
    cancelTokenHash: hashCancelToken(cancelToken),
  });
  await enqueueBookingNotice(
    trx,
    { name: user.name, class: user.class, date: input.date, start: input.start, ...span, reason, needStnk, voucherCode },
    now,
  );
  return {
    booking: { id, name: user.name, class: user.class, date: input.date, start: input.start, ...span, reason, needStnk, usedVoucher },
    cancelToken,
  };
}
