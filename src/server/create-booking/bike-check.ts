import type { Executor } from '../../db/executor';
import {
  type BookingInput,
  checkBookingRules,
  checkVoucherBookingRules,
  type FieldErrors,
  hasErrors,
  voucherEnd,
} from '../../domain/booking/booking-rules';
import { startsWhileLate, startsWithinLateReach } from '../../domain/handover/handover';
import { messages } from '../../domain/text/messages';
import type { LocalMoment } from '../../domain/time/moment';
import { type BookerSpan, findSpansTouching } from '../bookings/service';
import { findLoansOutOn } from '../handover/service';
import { outOfServiceRefusal } from '../out-of-service/service';
import { holdRefusal } from '../waiting-list/holds';
import { findVoucher } from './repository';

/** What a booking's checks read once, whichever bikes they try: each read on first use, inside the booking's transaction. */
export class BookingReads {
  #spans: BookerSpan[] | undefined;
  #voucher: { isUsed: boolean } | undefined | null = null;

  constructor(
    readonly trx: Executor,
    readonly input: BookingInput,
    readonly voucherCode: string | null,
  ) {}

  /** The bookings touching the date, and for a voucher's overnight span the next date too, on every bike. */
  async spans(): Promise<BookerSpan[]> {
    if (this.#spans) return this.#spans;
    const spans = await findSpansTouching(this.trx, this.input.date);
    if (this.voucherCode !== null) {
      const { endDate } = voucherEnd(this.input.date, this.input.start);
      if (endDate !== this.input.date) spans.push(...(await findSpansTouching(this.trx, endDate)));
    }
    this.#spans = spans;
    return spans;
  }

  async voucher(): Promise<{ isUsed: boolean } | undefined> {
    if (this.#voucher === null) this.#voucher = this.voucherCode === null ? undefined : await findVoucher(this.trx, this.voucherCode);
    return this.#voucher;
  }

  /** True when the code was looked up and is unknown: a guess, which the address limits count. */
  get guessedVoucher(): boolean {
    return this.voucherCode !== null && this.#voucher === undefined;
  }
}

export interface CheckContext {
  today: string;
  now: Date;
  nowMoment: LocalMoment;
  horizonDays: number;
  timeZone: string;
  returnGraceMinutes: number;
  offerId: number | undefined;
  user: { id: string; class: string };
  committee: boolean;
}

/** Late loans, periods and holds of one bike, in the order one bike always checked them; undefined: none stands in the way. */
async function bikeRefusal(reads: BookingReads, motorbikeId: number, context: CheckContext): Promise<FieldErrors | undefined> {
  const { trx, input } = reads;
  const startsAt = { date: input.date, time: input.start };
  // Most bookings start later than a late bike reaches, and skip the read.
  if (
    startsWithinLateReach(startsAt, context.nowMoment) &&
    startsWhileLate(startsAt, context.nowMoment, await findLoansOutOn(trx, motorbikeId), context.returnGraceMinutes)
  ) {
    return { start: messages.handover.lateRefusal };
  }
  const outOfService = await outOfServiceRefusal(trx, input, motorbikeId);
  if (outOfService) return { start: outOfService };
  const span = reads.voucherCode === null ? { end: input.end, endDate: input.date } : voucherEnd(input.date, input.start);
  const wholeSpan = { date: input.date, start: input.start, ...span };
  const held = await holdRefusal(trx, wholeSpan, context.offerId, { now: context.now, timeZone: context.timeZone }, motorbikeId);
  return held ? { start: held } : undefined;
}

/**
 * Every check of a booking on one bike, in the order of before several bikes (0060): the bike's own late loans, periods and holds,
 * the voucher, then the rules: the limits count the student's bookings on every bike, a clash only this bike's. Empty: it may be booked.
 */
export async function checkOnBike(reads: BookingReads, motorbikeId: number, context: CheckContext): Promise<FieldErrors> {
  const refused = await bikeRefusal(reads, motorbikeId, context);
  if (refused) return refused;
  const { input } = reads;
  const facts = { today: context.today, timeNow: context.nowMoment.time, horizonDays: context.horizonDays };
  if (reads.voucherCode !== null) {
    const voucher = await reads.voucher();
    if (!voucher || voucher.isUsed) return { reason: messages.unknownVoucher };
    const dayBookings = (await reads.spans()).filter((booking) => booking.motorbikeId === motorbikeId);
    return checkVoucherBookingRules(input, { ...facts, dayBookings });
  }
  const touching = await reads.spans();
  const errors = checkBookingRules(input, {
    ...facts,
    userClass: context.user.class,
    committee: context.committee,
    userBookings: touching.filter((booking) => booking.usersId === context.user.id),
    dayBookings: touching.filter((booking) => booking.motorbikeId === motorbikeId),
  });
  return hasErrors(errors) ? errors : {};
}
