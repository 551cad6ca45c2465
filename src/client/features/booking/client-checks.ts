import {
  type BookingField,
  type BookingInput,
  checkBookingRules,
  checkRequired,
  checkVoucherBookingRules,
  type FieldErrors,
  voucherEnd,
} from '../../../domain/booking/booking-rules';
import { HOME_CLASS, isHomeClass, maxHoursPerBooking, VOUCHER_HOURS } from '../../../domain/booking/limits';
import { looksLikeVoucherCode } from '../../../domain/booking/voucher-code';
import { chargeFor, chargeRules, type Purpose } from '../../../domain/fund/charges';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../../domain/handover/handover';
import type { RosterEntry } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { findMinutes, formatMinutes } from '../../../domain/time/clock';
import { findRosterEntry } from './roster';

export const FIELD_ORDER: readonly BookingField[] = ['name', 'date', 'start', 'end', 'reason', 'needStnk', 'purpose'];

/**
 * Every error at once, each at its field: missing fields, an unknown name, and the first time rule once date and times are there (one at a
 * time, as on the server). The server stays the authority: a voucher-like reason gets only the voucher's rules, an unknown name no class
 * limit, no roster or today no rules, no `timeNow` no past-time check.
 */
export function checkOnClient(
  input: BookingInput,
  roster: RosterEntry[] | undefined,
  today: string | undefined,
  timeNow?: string,
): FieldErrors {
  const errors = checkRequired(input);
  const entry = findRosterEntry(roster, input.name);
  if (roster && input.name.trim() !== '' && !entry) errors.name = messages.nameNotFound;
  if (!roster || today === undefined || input.date === '' || input.start === '' || input.end === '') return errors;
  if (looksLikeVoucherCode(input.reason)) return { ...checkVoucherBookingRules(input, { today, timeNow, dayBookings: [] }), ...errors };
  const committee = purposeFor(input, roster) === 'committee';
  const userClass = entry?.class ?? HOME_CLASS;
  const rules = checkBookingRules(input, { today, timeNow, userClass, committee, userBookings: [], dayBookings: [] });
  const classLimitOfNoOne = !entry && rules.end === messages.classLimit(HOME_CLASS, maxHoursPerBooking(HOME_CLASS));
  return classLimitOfNoOne ? errors : { ...rules, ...errors };
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
