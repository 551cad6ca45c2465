import { addDays, findMinutes, formatHours, formatMinutes } from './clock';
import { MAX_HOURS_PER_DAY, MINUTES_PER_DAY, maxHoursPerBooking, VOUCHER_HOURS } from './limits';
import { messages } from './messages';
import { looksLikeVoucherCode } from './voucher-code';

/** Form fields as the API names them; every error is attached to one of them. */
export type BookingField = 'name' | 'date' | 'start' | 'end' | 'reason' | 'needStnk';
export type FieldErrors = Partial<Record<BookingField, string>>;

export type StnkChoice = '' | 'ya' | 'tidak';

export interface BookingInput {
  name: string;
  date: string;
  start: string;
  end: string;
  reason: string;
  needStnk: StnkChoice;
}

/** A stored booking: starts on `date`, ends on `endDate` (the next day for an overnight voucher loan). */
export interface BookingSpan {
  date: string;
  start: string;
  end: string;
  endDate: string;
}

/** A booking as it is saved: its span, the reason as typed (trimmed), and the voucher it spent, if any. */
export interface SavedBookingDetails extends BookingSpan {
  reason: string;
  needStnk: boolean;
  voucherCode: string | null;
}

/** What the rules need to know beyond the input; the caller reads it inside the booking transaction. */
export interface BookingFacts {
  /** Today in the app's zone. */
  today: string;
  /** How many days after today a booking may start; undefined when not known (the form leaves it to the server). */
  horizonDays?: number | undefined;
  /** The borrower's class as stored. */
  userClass: string;
  /** The borrower's own bookings that touch the date. */
  userBookings: BookingSpan[];
  /** Every booking that touches the date (the borrower's included). */
  dayBookings: BookingSpan[];
}

/** 'ya' needs the STNK; 'tidak' and no choice do not. */
export function needsStnk(choice: StnkChoice): boolean {
  return choice === 'ya';
}

/**
 * The always-required fields, all reported at once. The STNK choice is optional.
 */
export function checkRequired(input: BookingInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name.trim() === '') errors.name = messages.nameRequired;
  if (input.date.trim() === '') errors.date = messages.dateRequired;
  if (input.start.trim() === '') errors.start = messages.startRequired;
  if (input.end.trim() === '') errors.end = messages.endRequired;
  if (input.reason.trim() === '') errors.reason = messages.reasonRequired;
  return errors;
}

/**
 * The part of a booking that falls on `date`, as minutes since that midnight, end exclusive;
 * undefined when it does not touch the date. A loan ending at 00:00 of the next day does not
 * touch that day.
 */
export function intervalOn(date: string, booking: BookingSpan): { from: number; to: number } | undefined {
  const start = findMinutes(booking.start);
  const end = findMinutes(booking.end);
  if (start === undefined || end === undefined) return undefined;
  const overnight = booking.endDate !== booking.date;
  let interval: { from: number; to: number } | undefined;
  if (booking.date === date) interval = { from: start, to: overnight ? MINUTES_PER_DAY : end };
  else if (overnight && booking.endDate === date) interval = { from: 0, to: end };
  // An empty or reversed span (a row imported from the original app) takes no time on the date.
  return interval && interval.to > interval.from ? interval : undefined;
}

/**
 * The rules for a booking without a valid voucher, in the spec's order; only the first
 * failure is reported. Intervals are half-open: 08:00–10:00 and 10:00–12:00 do not overlap.
 */
export function checkBookingRules(input: Pick<BookingInput, 'date' | 'start' | 'end'>, facts: BookingFacts): FieldErrors {
  const start = findMinutes(input.start);
  const end = findMinutes(input.end);
  if (start !== undefined && end !== undefined && end <= start) return { end: messages.endNotAfterStart };
  if (input.date < facts.today) return { date: messages.dateInPast };
  const horizon = checkHorizon(input.date, facts);
  if (hasErrors(horizon)) return horizon;
  if (start === undefined || end === undefined || end - start <= 0) return { end: messages.invalidDuration };

  const maxHours = maxHoursPerBooking(facts.userClass);
  if (end - start > maxHours * 60) return { end: messages.classLimit(facts.userClass, maxHours) };

  const bookedMinutes = facts.userBookings.reduce((total, booking) => {
    const interval = intervalOn(input.date, booking);
    return total + (interval ? interval.to - interval.from : 0);
  }, 0);
  if (bookedMinutes + (end - start) > MAX_HOURS_PER_DAY * 60) {
    return { end: messages.dailyLimit(formatHours(bookedMinutes), MAX_HOURS_PER_DAY) };
  }

  return checkOverlap({ date: input.date, start: input.start, end: input.end, endDate: input.date }, facts.dayBookings);
}

/** The last date a booking may start on: `horizonDays` after today. */
export function lastBookableDate(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

/** A date past the horizon is refused, for vouchers too; without a known horizon nothing is. */
function checkHorizon(date: string, facts: Pick<BookingFacts, 'today' | 'horizonDays'>): FieldErrors {
  if (facts.horizonDays === undefined || date <= lastBookableDate(facts.today, facts.horizonDays)) return {};
  return { date: messages.dateBeyondHorizon(facts.horizonDays) };
}

/**
 * The first of `bookings` (in their order) that shares any minute with `span`, on either date
 * the span touches; half-open, so a loan ending at 10:00 leaves 10:00 free.
 */
export function findClash(span: BookingSpan, bookings: BookingSpan[]): BookingSpan | undefined {
  const dates = span.endDate === span.date ? [span.date] : [span.date, span.endDate];
  return bookings.find((booking) =>
    dates.some((date) => {
      const wanted = intervalOn(date, span);
      const taken = intervalOn(date, booking);
      return wanted !== undefined && taken !== undefined && wanted.from < taken.to && taken.from < wanted.to;
    }),
  );
}

function checkOverlap(span: BookingSpan, bookings: BookingSpan[]): FieldErrors {
  const clash = findClash(span, bookings);
  return clash ? { start: messages.overlap(clash.start, clash.end) } : {};
}

/**
 * The rules for a booking with a valid unused voucher (decision record 0006): it skips end after
 * start, the past date, the duration, the class and the daily limits, but never the horizon or
 * the overlap check over its whole span (start + VOUCHER_HOURS, into the next date when that
 * passes midnight). `facts.dayBookings` must hold every booking touching either date.
 */
export function checkVoucherBookingRules(
  input: Pick<BookingInput, 'date' | 'start'>,
  facts: Pick<BookingFacts, 'today' | 'horizonDays' | 'dayBookings'>,
): FieldErrors {
  const horizon = checkHorizon(input.date, facts);
  if (hasErrors(horizon)) return horizon;
  return checkOverlap({ date: input.date, start: input.start, ...voucherEnd(input.date, input.start) }, facts.dayBookings);
}

/**
 * Where a voucher booking ends: start + VOUCHER_HOURS, on the next date when that passes
 * midnight, so a stored booking never ends before it starts.
 */
export function voucherEnd(date: string, start: string): { end: string; endDate: string } {
  const startMinutes = findMinutes(start);
  if (startMinutes === undefined) throw new RangeError(`not a clock time: ${start}`);
  const endMinutes = startMinutes + VOUCHER_HOURS * 60;
  return {
    end: formatMinutes(endMinutes),
    endDate: endMinutes >= MINUTES_PER_DAY ? addDays(date, 1) : date,
  };
}

/**
 * The form's hint while the reason holds something shaped like a voucher code and the start is
 * a clock time: when the loan would end. Undefined otherwise. The server stays the authority.
 */
export function voucherFormHint(reason: string, start: string): string | undefined {
  const startMinutes = findMinutes(start);
  if (!looksLikeVoucherCode(reason) || startMinutes === undefined) return undefined;
  const endMinutes = startMinutes + VOUCHER_HOURS * 60;
  const end = formatMinutes(endMinutes);
  return endMinutes >= MINUTES_PER_DAY ? messages.voucherFormHintNextDay(VOUCHER_HOURS, end) : messages.voucherFormHint(VOUCHER_HOURS, end);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
