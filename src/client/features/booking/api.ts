import type { CreateBookingRequest, CreatedBooking, ListBookingsResponse, RosterEntry } from '../../../domain/booking-schemas';
import { messages } from '../../../domain/messages';
import { getJson, getJsonOrKept, isRecord, type KeptOrFresh, postJson } from '../../lib/http';

/** Today in the app's zone, which may not be the browser's. */
export async function fetchToday(signal?: AbortSignal): Promise<string> {
  return (await getJson<{ today: string }>('/api/today', signal)).today;
}

export async function fetchRoster(signal?: AbortSignal): Promise<RosterEntry[]> {
  return (await getJson<{ users: RosterEntry[] }>('/api/roster', signal)).users;
}

/** The day's bookings; offline, the copy last loaded, with when the server gave it. */
export async function fetchDayBookings(date: string, signal?: AbortSignal): Promise<KeptOrFresh<ListBookingsResponse>> {
  return getJsonOrKept<ListBookingsResponse>(`/api/bookings?date=${encodeURIComponent(date)}`, signal);
}

export type CreateBookingResult =
  | { kind: 'created'; booking: CreatedBooking }
  /** The server named what is wrong with which field (422 rules, 400 shape). */
  | { kind: 'rejected'; errors: Record<string, string>; message?: string }
  | { kind: 'failed'; message: string };

export async function createBooking(request: CreateBookingRequest): Promise<CreateBookingResult> {
  let reply: { status: number; body: unknown };
  try {
    reply = await postJson('/api/bookings', request);
  } catch {
    // fetch rejects only when no answer came back at all: the phone has no connection.
    return { kind: 'failed', message: messages.noConnection };
  }
  const { status, body } = reply;
  if (!isRecord(body)) return { kind: 'failed', message: messages.unexpected };
  if (status === 201 && isRecord(body.booking)) return { kind: 'created', booking: body.booking as unknown as CreatedBooking };
  const message = typeof body.message === 'string' ? body.message : undefined;
  if ((status === 400 || status === 422) && isRecord(body.errors)) {
    const errors = Object.fromEntries(
      Object.entries(body.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { kind: 'rejected', errors, message };
  }
  if (status >= 400 && message) return { kind: 'failed', message };
  return { kind: 'failed', message: messages.unexpected };
}
