import type { BorrowerHandoverRequest } from '../../../domain/schemas/handover';
import { callApi } from '../../lib/http';

// Loaded beside the request, like every schema of the availability page's calls (SchemaSource).
const schemas = () => import('../../../domain/schemas/own-booking');

export const fetchOwnBooking = (token: string, signal?: AbortSignal) =>
  callApi(
    '/api/bookings/by-token',
    schemas().then((module) => module.ownBookingResponseSchema),
    { method: 'POST', body: { token }, signal },
  );

export const fetchOwnBookings = (tokens: string[], signal?: AbortSignal) =>
  callApi(
    '/api/bookings/by-tokens',
    schemas().then((module) => module.ownBookingsResponseSchema),
    { method: 'POST', body: { tokens }, signal },
  );

export const cancelOwnBooking = (token: string) =>
  callApi(
    '/api/bookings/cancel',
    schemas().then((module) => module.ownBookingResponseSchema),
    { method: 'POST', body: { token } },
  );

export const recordOwnHandover = (request: BorrowerHandoverRequest) =>
  callApi(
    '/api/bookings/handover',
    schemas().then((module) => module.ownBookingResponseSchema),
    { method: 'POST', body: request },
  );
