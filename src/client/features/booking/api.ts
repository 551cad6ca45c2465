import type { CreateBookingRequest } from '../../../domain/schemas/booking-requests';
import { callApi } from '../../lib/http';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../../domain/schemas/bookings');

/** Today in the app's zone, which may not be the browser's, and the server's current instant. */
export const fetchToday = (signal?: AbortSignal) =>
  callApi(
    '/api/today',
    schemas().then((module) => module.todayResponseSchema),
    { signal },
  );

export const fetchRoster = (signal?: AbortSignal) =>
  callApi(
    '/api/roster',
    schemas().then((module) => module.rosterResponseSchema),
    { signal },
  );

export const fetchDayBookings = (date: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings?date=${encodeURIComponent(date)}`,
    schemas().then((module) => module.listBookingsResponseSchema),
    { signal },
  );

/** Each date's bookings from `from` to `to`, in order (the availability page's week). */
export const fetchBookingsBetween = (from: string, to: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings?from=${from}&to=${to}`,
    schemas().then((module) => module.listBookingsRangeResponseSchema),
    { signal },
  );

/** A random key for one filled form: sending the same form again reuses it, so the server books it once. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, works on plain-HTTP pages too.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A refusal names what is wrong with which field in `errors` (422 rules, 400 shape). */
export const createBooking = (request: CreateBookingRequest, idempotencyKey: string) =>
  callApi(
    '/api/bookings',
    schemas().then((module) => module.createBookingResponseSchema),
    { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } },
  );
