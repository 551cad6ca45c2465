import {
  type BookingField,
  type BookingInput,
  type BookingSpan,
  bookingRuleFailures,
  checkRequired,
  type FieldErrors,
  findClash,
  firstPerField,
  voucherEnd,
  voucherRuleFailures,
} from '../../../domain/booking/booking-rules';
import { HOME_CLASS, isHomeClass, VOUCHER_HOURS } from '../../../domain/booking/limits';
import { looksLikeVoucherCode } from '../../../domain/booking/voucher-code';
import { chargeFor, chargeRules, type Purpose } from '../../../domain/fund/charges';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../../domain/handover/handover';
import type { DayBooking, RosterEntry, ShownBike } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { nameKey } from '../../../domain/text/name-key';
import { addDays, findMinutes, formatMinutes } from '../../../domain/time/clock';
import { findRosterEntry } from './roster';

export const FIELD_ORDER: readonly BookingField[] = ['name', 'date', 'start', 'end', 'motorId', 'reason', 'needStnk', 'purpose'];

/** The day's bookings as `GET /api/bookings?date=` lists them: the name's daily total, and the overlaps with `lane` (laneFor) or all. */
export type KnownDay = { date: string; bookings: readonly DayBooking[]; lane?: readonly DayBooking[] } | undefined;

/** With two or more bikes, the chosen bike's bookings, else the first free bike's, else the first's, as the server tries them (0060). */
export function laneFor(
  input: BookingInput,
  day: KnownDay,
  bikes: readonly ShownBike[] | undefined,
  motorId: number | undefined,
): KnownDay {
  if (!day || !bikes || bikes.length < 2) return day;
  const on = (id: number | undefined) => day.bookings.filter((booking) => booking.motorId === id);
  const candidates = motorId === undefined ? bikes.map((bike) => bike.id) : [motorId];
  const voucher = looksLikeVoucherCode(input.reason) && findMinutes(input.start) !== undefined;
  const end = voucher ? voucherEnd(input.date, input.start) : { end: input.end, endDate: input.date };
  const span = { date: input.date, start: input.start, ...end };
  const free = candidates.find(
    (id) =>
      !findClash(
        span,
        on(id).map((booking) => spanOf(booking, day.date)),
      ),
  );
  return { ...day, lane: on(free ?? candidates[0]) };
}

/**
 * Every error at once, each at its field, one per field in the spec's order: missing fields, an unknown name, and every time rule the
 * form can judge once date and times are there. The server stays the authority: a voucher-like reason gets only the voucher's rules, an
 * unknown name no class or daily limit, no roster or today no rules, no `timeNow` no past-time check, no `day` no overlap or daily total.
 */
export function checkOnClient(
  input: BookingInput,
  roster: RosterEntry[] | undefined,
  today: string | undefined,
  timeNow?: string,
  day?: KnownDay,
): FieldErrors {
  const errors = checkRequired(input);
  const entry = findRosterEntry(roster, input.name);
  if (roster && input.name.trim() !== '' && !entry) errors.name = messages.nameNotFound;
  if (!roster || today === undefined || input.date === '' || input.start === '' || input.end === '') return errors;
  const dayBookings = day?.date === input.date ? (day.lane ?? day.bookings).map((booking) => spanOf(booking, input.date)) : [];
  if (looksLikeVoucherCode(input.reason)) {
    return { ...firstPerField(voucherRuleFailures(input, { today, timeNow, dayBookings })), ...errors };
  }
  const own = entry && day?.date === input.date ? day.bookings.filter((booking) => nameKey(booking.name) === nameKey(entry.name)) : [];
  const failures = bookingRuleFailures(input, {
    today,
    timeNow,
    userClass: entry?.class ?? HOME_CLASS,
    committee: purposeFor(input, roster) === 'committee',
    userBookings: own.map((booking) => spanOf(booking, input.date)),
    dayBookings,
  });
  const judged = entry ? failures : failures.filter(({ rule }) => rule !== 'classLimit' && rule !== 'dailyLimit');
  return { ...firstPerField(judged), ...errors };
}

/** A listed booking of `date` with its real dates: one crossing midnight starts the day before or ends the day after. */
export function spanOf(booking: DayBooking, date: string): BookingSpan {
  return {
    date: booking.continuesFromPreviousDay ? addDays(date, -1) : date,
    start: booking.start,
    end: booking.end,
    endDate: booking.continuesNextDay ? addDays(date, 1) : date,
  };
}

/** While `Alasan` holds a code and `Jam Mulai` is set, `Jam Selesai` is the voucher's end; what was typed there stays underneath. */
export function withVoucherEnd(input: BookingInput): { values: BookingInput; endLocked: boolean } {
  const start = findMinutes(input.start);
  if (!looksLikeVoucherCode(input.reason) || start === undefined) return { values: input, endLocked: false };
  return { values: { ...input, end: formatMinutes(start + VOUCHER_HOURS * 60) }, endLocked: true };
}

/** `Panitia` only for a member marked so: another name falls back to `Pribadi`, as the select then shows. */
export function purposeFor(input: BookingInput, roster: RosterEntry[] | undefined): Purpose {
  const purpose = input.purpose ?? 'personal';
  return purpose === 'committee' && !findRosterEntry(roster, input.name)?.committee ? 'personal' : purpose;
}

/** `Perkiraan sewa` for another class's booking as booked (no lateness), by the same chargeFor the server uses; undefined for the home class or an unfinished form. */
export function rentEstimate(input: BookingInput, roster: RosterEntry[] | undefined): string | undefined {
  const entry = findRosterEntry(roster, input.name);
  const start = findMinutes(input.start);
  const end = findMinutes(input.end);
  if (!entry || isHomeClass(entry.class) || input.date === '' || start === undefined || end === undefined) return undefined;
  const voucher = looksLikeVoucherCode(input.reason);
  if (!voucher && end <= start) return undefined;
  const at = { date: input.date, time: input.start };
  const span = voucher ? voucherEnd(input.date, input.start) : { end: input.end, endDate: input.date };
  const bookedEnd = { date: span.endDate, time: span.end };
  const { total } = chargeFor(
    {
      start: at,
      bookedEnd,
      pickedUp: null,
      returned: null,
      purpose: purposeFor(input, roster),
      voucher,
      cancelled: false,
      released: false,
    },
    entry,
    chargeRules(DEFAULT_RETURN_GRACE_MINUTES),
  );
  return messages.fund.estimate(total === 0 ? messages.fund.free : formatRupiah(total));
}

export function firstErrorField(errors: FieldErrors): BookingField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

export function splitServerErrors(errors: Record<string, string>): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if ((FIELD_ORDER as readonly string[]).includes(key)) fields[key as BookingField] = message;
    else other.push(message);
  }
  return { fields, other };
}
