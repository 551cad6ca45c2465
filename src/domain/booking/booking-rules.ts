import type { Purpose } from '../fund/charges';
import { messages } from '../text/messages';
import { addDays, findMinutes, formatHours, formatMinutes, MINUTES_PER_DAY, type MinuteSpan, partOfDay } from '../time/clock';
import { findSpanMinutes, midnightOf, overlaps } from '../time/moment';
import { COMMITTEE_FREE_HOURS, MAX_HOURS_PER_DAY, maxHoursPerBooking, VOUCHER_HOURS } from './limits';
import { looksLikeVoucherCode } from './voucher-code';

export type BookingField = 'name' | 'date' | 'start' | 'end' | 'reason' | 'needStnk' | 'purpose' | 'motorId';
export type FieldErrors = Partial<Record<BookingField, string>>;

export type StnkChoice = '' | 'ya' | 'tidak';

export interface BookingInput {
  name: string;
  date: string;
  start: string;
  end: string;
  reason: string;
  needStnk: StnkChoice;
  /** `Keperluan`; `personal` when not given. */
  purpose?: Purpose | undefined;
  /** The bike chosen (0060); undefined: `Motor mana saja`. */
  motorId?: number | undefined;
}

/** `endDate` is the next day for an overnight voucher loan. */
export interface BookingSpan {
  date: string;
  start: string;
  end: string;
  endDate: string;
}

export interface SavedBookingDetails extends BookingSpan {
  reason: string;
  needStnk: boolean;
  voucherCode: string | null;
  /** Absent in notices queued before issue 25. */
  purpose?: Purpose | undefined;
}

/** Read inside the booking transaction; `userBookings` and `dayBookings` are those touching the date. */
export interface BookingFacts {
  today: string;
  /** The app clock's `HH:MM` on `today`; undefined when not known: the form leaves the past-time check to the server. */
  timeNow?: string | undefined;
  /** Undefined when not known: the form leaves the horizon to the server. */
  horizonDays?: number | undefined;
  userClass: string;
  /** A committee booking of a member marked `Panitia`: its own per-booking and daily cap (issue 25). */
  committee?: boolean | undefined;
  userBookings: BookingSpan[];
  dayBookings: BookingSpan[];
}

export function needsStnk(choice: StnkChoice): boolean {
  return choice === 'ya';
}

/** Every missing field at once (unlike the rules); the STNK choice is optional. */
export function checkRequired(input: BookingInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name.trim() === '') errors.name = messages.nameRequired;
  if (input.date.trim() === '') errors.date = messages.dateRequired;
  if (input.start.trim() === '') errors.start = messages.startRequired;
  if (input.end.trim() === '') errors.end = messages.endRequired;
  if (input.reason.trim() === '') errors.reason = messages.reasonRequired;
  return errors;
}

export function findBookingMinutes(booking: BookingSpan): MinuteSpan | undefined {
  return findSpanMinutes({ date: booking.date, time: booking.start }, { date: booking.endDate, time: booking.end });
}

/** Minutes since `date`'s midnight, end exclusive, so a loan ending at 00:00 does not touch the next day. */
export function intervalOn(date: string, booking: BookingSpan): MinuteSpan | undefined {
  const minutes = findBookingMinutes(booking);
  return minutes && partOfDay(minutes, midnightOf(date));
}

/** Which rule failed, so a caller may leave some to the server (the form, for a name off the roster, the class and daily limits). */
export type BookingRule =
  | 'endNotAfterStart'
  | 'dateInPast'
  | 'startInPast'
  | 'horizon'
  | 'invalidDuration'
  | 'classLimit'
  | 'dailyLimit'
  | 'overlap';

export interface RuleFailure {
  rule: BookingRule;
  field: BookingField;
  message: string;
}

/** Every failing rule, in the spec's order; half-open, so 08:00–10:00 and 10:00–12:00 do not overlap. */
export function bookingRuleFailures(input: Pick<BookingInput, 'date' | 'start' | 'end'>, facts: BookingFacts): RuleFailure[] {
  const start = findMinutes(input.start);
  const end = findMinutes(input.end);
  const failures: RuleFailure[] = [];
  if (start !== undefined && end !== undefined && end <= start)
    failures.push(failure('endNotAfterStart', 'end', messages.endNotAfterStart));
  if (input.date < facts.today) failures.push(failure('dateInPast', 'date', messages.dateInPast));
  failures.push(...pastStartFailures(input, facts), ...horizonFailures(input.date, facts));
  if (start === undefined || end === undefined || end - start <= 0) {
    failures.push(failure('invalidDuration', 'end', messages.invalidDuration));
  } else {
    failures.push(...limitFailures(input.date, end - start, facts));
  }
  return [
    ...failures,
    ...overlapFailures({ date: input.date, start: input.start, end: input.end, endDate: input.date }, facts.dayBookings),
  ];
}

function failure(rule: BookingRule, field: BookingField, message: string): RuleFailure {
  return { rule, field, message };
}

function limitFailures(date: string, minutes: number, facts: BookingFacts): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const maxHours = facts.committee ? COMMITTEE_FREE_HOURS : maxHoursPerBooking(facts.userClass);
  if (minutes > maxHours * 60) {
    const message = facts.committee ? messages.fund.committeeLimit(maxHours) : messages.classLimit(facts.userClass, maxHours);
    failures.push(failure('classLimit', 'end', message));
  }
  const booked = bookedMinutesOn(date, facts.userBookings);
  const maxPerDay = facts.committee ? COMMITTEE_FREE_HOURS : MAX_HOURS_PER_DAY;
  if (booked + minutes > maxPerDay * 60) failures.push(failure('dailyLimit', 'end', messages.dailyLimit(formatHours(booked), maxPerDay)));
  return failures;
}

export function bookedMinutesOn(date: string, bookings: readonly BookingSpan[]): number {
  return bookings.reduce((total, booking) => {
    const interval = intervalOn(date, booking);
    return total + (interval ? interval.to - interval.from : 0);
  }, 0);
}

/** The first failure only, as the server answers (docs/api.md). */
export function checkBookingRules(input: Pick<BookingInput, 'date' | 'start' | 'end'>, facts: BookingFacts): FieldErrors {
  return firstFailure(bookingRuleFailures(input, facts));
}

export function firstFailure(failures: readonly RuleFailure[]): FieldErrors {
  const first = failures[0];
  return first ? { [first.field]: first.message } : {};
}

/** One message per field, the first in the spec's order: every error at once, as the form shows them. */
export function firstPerField(failures: readonly RuleFailure[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of failures) errors[field] ??= message;
  return errors;
}

export function lastBookableDate(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

/** How long ago today's start may be: the student taking the bike right now may still book it. */
export const PAST_START_GRACE_MINUTES = 15;

/** Today only, in whole minutes of the app clock: a start `PAST_START_GRACE_MINUTES` before now passes, one minute earlier fails. */
function pastStartFailures(input: Pick<BookingInput, 'date' | 'start'>, facts: Pick<BookingFacts, 'today' | 'timeNow'>): RuleFailure[] {
  const start = findMinutes(input.start);
  const now = facts.timeNow === undefined ? undefined : findMinutes(facts.timeNow);
  if (input.date !== facts.today || start === undefined || now === undefined) return [];
  return start < now - PAST_START_GRACE_MINUTES ? [failure('startInPast', 'start', messages.startInPast)] : [];
}

function horizonFailures(date: string, facts: Pick<BookingFacts, 'today' | 'horizonDays'>): RuleFailure[] {
  if (facts.horizonDays === undefined || date <= lastBookableDate(facts.today, facts.horizonDays)) return [];
  return [failure('horizon', 'date', messages.dateBeyondHorizon(facts.horizonDays))];
}

/** The first of `bookings`, in their order, sharing a minute with `span`. */
export function findClash(span: BookingSpan, bookings: BookingSpan[]): BookingSpan | undefined {
  const wanted = findHeldMinutes(span);
  if (wanted === undefined) return undefined;
  return bookings.find((booking) => {
    const taken = findHeldMinutes(booking);
    return taken !== undefined && overlaps(wanted, taken);
  });
}

/** Undefined for a span without minutes: rows imported from the original app may be empty or reversed. */
function findHeldMinutes(booking: BookingSpan): MinuteSpan | undefined {
  const minutes = findBookingMinutes(booking);
  return minutes && minutes.to > minutes.from ? minutes : undefined;
}

function overlapFailures(span: BookingSpan, bookings: BookingSpan[]): RuleFailure[] {
  const clash = findClash(span, bookings);
  return clash ? [failure('overlap', 'start', messages.overlap(clash.start, clash.end))] : [];
}

/** A valid voucher skips every rule but today's past start (0041), the horizon and the overlap over its whole span (0006): `dayBookings` must cover both dates. */
export function voucherRuleFailures(
  input: Pick<BookingInput, 'date' | 'start'>,
  facts: Pick<BookingFacts, 'today' | 'timeNow' | 'horizonDays' | 'dayBookings'>,
): RuleFailure[] {
  return [
    ...pastStartFailures(input, facts),
    ...horizonFailures(input.date, facts),
    ...overlapFailures({ date: input.date, start: input.start, ...voucherEnd(input.date, input.start) }, facts.dayBookings),
  ];
}

export function checkVoucherBookingRules(
  input: Pick<BookingInput, 'date' | 'start'>,
  facts: Pick<BookingFacts, 'today' | 'timeNow' | 'horizonDays' | 'dayBookings'>,
): FieldErrors {
  return firstFailure(voucherRuleFailures(input, facts));
}

/** On the next date past midnight, so a stored booking never ends before it starts. */
export function voucherEnd(date: string, start: string): { end: string; endDate: string } {
  const startMinutes = findMinutes(start);
  if (startMinutes === undefined) throw new RangeError(`not a clock time: ${start}`);
  const endMinutes = startMinutes + VOUCHER_HOURS * 60;
  return {
    end: formatMinutes(endMinutes),
    endDate: endMinutes >= MINUTES_PER_DAY ? addDays(date, 1) : date,
  };
}

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
