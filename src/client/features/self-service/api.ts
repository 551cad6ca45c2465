import { callApi } from '../../lib/http';

// Loaded beside the request, like every schema of the availability page's calls (SchemaSource).
const schemas = () => import('../../../domain/schemas/own-booking');

/** The booking a cancel secret names; a failure with status 404 means no booking has it. */
export const fetchOwnBooking = (token: string, signal?: AbortSignal) =>
  callApi(
    `/api/bookings/by-token/${encodeURIComponent(token)}`,
    schemas().then((module) => module.ownBookingResponseSchema),
    { signal },
  );

/** Cancels as the borrower: 404 (unknown link) and 409 (started, already cancelled) mean the booking is not this device's to cancel any more. */
export const cancelOwnBooking = (token: string) =>
  callApi(
    '/api/bookings/cancel',
    schemas().then((module) => module.ownBookingResponseSchema),
    { method: 'POST', body: { token } },
  );
