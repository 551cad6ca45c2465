import { callApi } from '../../lib/http';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../../domain/booking-schemas');

/** The server's calendar and clock (today, its zone, the instant): the phone's may be in another zone, or wrong. */
export const fetchServerClock = (signal?: AbortSignal) =>
  callApi(
    '/api/today',
    schemas().then((module) => module.todayResponseSchema),
    { signal },
  );

/** Each date's bookings from `from` to `to`, in order. */
export const fetchBookingsBetween = (from: string, to: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings?from=${from}&to=${to}`,
    schemas().then((module) => module.listBookingsRangeResponseSchema),
    { signal },
  );
