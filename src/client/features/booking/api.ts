import type { CreateBookingRequest } from '../../../domain/schemas/booking-requests';
import { callApi } from '../../lib/http';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../../domain/schemas/bookings');

export const fetchRoster = (signal?: AbortSignal) =>
  callApi(
    '/api/roster',
    schemas().then((module) => module.rosterResponseSchema),
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
