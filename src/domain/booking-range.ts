import { adminMessages } from './admin-messages';
import { addDays } from './clock';
import { MAX_RANGE_DAYS } from './schemas/admin';

/** Days after today the admin's bookings list shows when no end is given. */
export const DEFAULT_RANGE_DAYS = 30;

export type BookingRange = { from: string; to: string } | { errors: Record<string, string> };

/**
 * The admin's bookings range: today to DEFAULT_RANGE_DAYS ahead unless given; the end not before
 * the start, and at most MAX_RANGE_DAYS days (inclusive) wide.
 */
export function resolveBookingRange(query: { from?: string | undefined; to?: string | undefined }, today: string): BookingRange {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, DEFAULT_RANGE_DAYS);
  if (to < from) return { errors: { to: adminMessages.rangeBackwards } };
  if (addDays(from, MAX_RANGE_DAYS - 1) < to) return { errors: { to: adminMessages.rangeTooLong(MAX_RANGE_DAYS) } };
  return { from, to };
}
