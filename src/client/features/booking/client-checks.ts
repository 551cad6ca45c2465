import {
  type BookingField,
  type BookingInput,
  checkBookingRules,
  checkRequired,
  type FieldErrors,
  hasErrors,
} from '../../../domain/booking-rules';
import { messages } from '../../../domain/messages';
import type { RosterEntry } from '../../../domain/schemas/bookings';
import { looksLikeVoucherCode } from '../../../domain/voucher-code';
import { findRosterEntry } from './roster';

export const FIELD_ORDER: readonly BookingField[] = ['name', 'date', 'start', 'end', 'reason', 'needStnk'];

/** The server stays the authority: a voucher-like reason skips the rules (only it knows the code), as does a missing roster or today. */
export function checkOnClient(input: BookingInput, roster: RosterEntry[] | undefined, today: string | undefined): FieldErrors {
  const errors = checkRequired(input);
  const entry = findRosterEntry(roster, input.name);
  if (roster && input.name.trim() !== '' && !entry) errors.name = messages.nameNotFound;
  if (hasErrors(errors) || !entry || today === undefined) return errors;
  if (looksLikeVoucherCode(input.reason)) return {};
  return checkBookingRules(input, { today, userClass: entry.class, userBookings: [], dayBookings: [] });
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
