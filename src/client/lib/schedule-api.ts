import { callApi } from './http';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../domain/schemas/bookings');

export const fetchToday = (signal?: AbortSignal) =>
  callApi(
    '/api/today',
    schemas().then((module) => module.todayResponseSchema),
    { signal },
  );

export const fetchDayBookings = (date: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings?date=${encodeURIComponent(date)}`,
    schemas().then((module) => module.listBookingsResponseSchema),
    { signal },
  );

export const fetchBookingsBetween = (from: string, to: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings?from=${from}&to=${to}`,
    schemas().then((module) => module.listBookingsRangeResponseSchema),
    { signal },
  );
