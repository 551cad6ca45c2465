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

export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, works on plain-HTTP pages too.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const createBooking = (request: CreateBookingRequest, idempotencyKey: string) =>
  callApi(
    '/api/bookings',
    schemas().then((module) => module.createBookingResponseSchema),
    { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } },
  );
