import type { TodayResponse } from '../../../domain/booking-schemas';
import { todayResponseSchema } from '../../../domain/booking-schemas';
import { messages } from '../../../domain/messages';
import { type OwnBooking, ownBookingResponseSchema } from '../../../domain/own-booking';
import { getJson, HttpStatusError, isRecord, postJson } from '../../lib/http';

/** Today and the time now in the app's zone, by the server's clock. */
export async function fetchNow(signal?: AbortSignal): Promise<TodayResponse> {
  return todayResponseSchema.parse(await getJson('/api/today', signal));
}

export type OwnBookingLookup = { kind: 'found'; booking: OwnBooking } | { kind: 'unknown' };

/** The booking a cancel secret names; 'unknown' when no booking has it. Rejects on any other failure. */
export async function fetchOwnBooking(token: string, signal?: AbortSignal): Promise<OwnBookingLookup> {
  try {
    const body = await getJson(`/api/bookings/by-token/${encodeURIComponent(token)}`, signal);
    return { kind: 'found', booking: ownBookingResponseSchema.parse(body).booking };
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404) return { kind: 'unknown' };
    throw error;
  }
}

export type CancelResult =
  | { kind: 'cancelled'; booking: OwnBooking }
  /** The booking is no longer this borrower's to cancel (started, already cancelled) or the link is dead; the message says which. */
  | { kind: 'gone'; message: string }
  | { kind: 'failed'; message: string };

export async function cancelOwnBooking(token: string): Promise<CancelResult> {
  let reply: { status: number; body: unknown };
  try {
    reply = await postJson('/api/bookings/cancel', { token });
  } catch {
    return { kind: 'failed', message: messages.cancelFailed };
  }
  if (reply.status === 200) {
    const parsed = ownBookingResponseSchema.safeParse(reply.body);
    return parsed.success ? { kind: 'cancelled', booking: parsed.data.booking } : { kind: 'failed', message: messages.cancelFailed };
  }
  const message = isRecord(reply.body) && typeof reply.body.message === 'string' ? reply.body.message : messages.cancelFailed;
  return reply.status === 404 || reply.status === 409 ? { kind: 'gone', message } : { kind: 'failed', message };
}

/** Where the booking's calendar file is made (on the server, so the page carries no iCalendar code). */
export function calendarFilePath(token: string): string {
  return `/api/bookings/by-token/${encodeURIComponent(token)}.ics`;
}
