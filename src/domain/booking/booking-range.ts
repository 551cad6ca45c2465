import { adminMessages } from '../admin/admin-messages';
import { MAX_RANGE_DAYS } from '../schemas/admin';
import { addDays } from '../time/clock';

export const DEFAULT_RANGE_DAYS = 30;

export type BookingRange = { from: string; to: string } | { errors: Record<string, string> };

/** At most MAX_RANGE_DAYS days wide, both ends included. */
export function resolveBookingRange(query: { from?: string | undefined; to?: string | undefined }, today: string): BookingRange {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, DEFAULT_RANGE_DAYS);
  if (to < from) return { errors: { to: adminMessages.rangeBackwards } };
  if (addDays(from, MAX_RANGE_DAYS - 1) < to) return { errors: { to: adminMessages.rangeTooLong(MAX_RANGE_DAYS) } };
  return { from, to };
}
