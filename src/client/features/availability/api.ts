import type { DayBooking, ListBookingsRangeResponse } from '../../../domain/booking-schemas';
import { getJson } from '../../lib/http';

/** The server's calendar and clock: the phone's own may be in another zone, or simply wrong. */
export interface ServerClock {
  today: string;
  timeZone: string;
  /** The server's current instant, ISO. */
  now: string;
}

export async function fetchServerClock(signal?: AbortSignal): Promise<ServerClock> {
  return getJson<ServerClock>('/api/today', signal);
}

/** Each date's bookings from `from` to `to`, by date. */
export async function fetchBookingsBetween(from: string, to: string, signal?: AbortSignal): Promise<Map<string, DayBooking[]>> {
  const reply = await getJson<ListBookingsRangeResponse>(`/api/bookings?from=${from}&to=${to}`, signal);
  return new Map(reply.days.map((day) => [day.date, day.bookings]));
}
