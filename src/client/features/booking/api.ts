import type { CreateBookingRequest } from '../../../domain/booking-schemas';
import { callApi } from '../../lib/http';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../../domain/booking-schemas');

/** Today in the app's zone, which may not be the browser's. */
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

/** The day's bookings; offline, the copy last loaded, with when the server gave it (`keptFrom`). */
export const fetchDayBookings = async (date: string, signal?: AbortSignal) => {
  const result = await callApi(
    `/api/bookings?date=${encodeURIComponent(date)}`,
    schemas().then((module) => module.listBookingsResponseSchema),
    { signal },
  );
  return result.ok ? { ok: true as const, data: { day: result.data, keptFrom: result.keptFrom } } : result;
};

/** A refusal names what is wrong with which field in `errors` (422 rules, 400 shape). */
export const createBooking = (request: CreateBookingRequest) =>
  callApi(
    '/api/bookings',
    schemas().then((module) => module.createBookingResponseSchema),
    { method: 'POST', body: request },
  );
