import type { ListBookingsRangeResponse, ListBookingsResponse, TodayResponse } from '../../domain/schemas/bookings';
import { callApi } from './http';
import { SCHEDULE_CACHE } from './offline-caches';

// Imported, not bundled with the landing page: see SchemaSource.
const schemas = () => import('../../domain/schemas/bookings');

const TODAY_PATH = '/api/today';
const dayPath = (date: string) => `/api/bookings?date=${encodeURIComponent(date)}`;
const rangePath = (from: string, to: string) => `/api/bookings?from=${from}&to=${to}`;

export interface ScheduleAnswers {
  clock: TodayResponse;
  week?: ListBookingsRangeResponse | undefined;
  today?: ListBookingsResponse | undefined;
}

/**
 * Keeps answers the page has shown where the service worker keeps its own, under the URLs the page asks offline and dated by the server's
 * clock: a schedule that came inside the page, or before the worker was there, is readable offline as soon as it is shown.
 */
export async function keepScheduleAnswers({ clock, week, today }: ScheduleAnswers): Promise<void> {
  if (typeof caches === 'undefined') return;
  const headers = { 'content-type': 'application/json; charset=utf-8', date: new Date(clock.now).toUTCString() };
  try {
    const cache = await caches.open(SCHEDULE_CACHE);
    const keep = (path: string, answer: unknown) => cache.put(path, new Response(JSON.stringify(answer), { headers }));
    await Promise.all([
      keep(TODAY_PATH, clock),
      week && keep(rangePath(week.from, week.to), week),
      today && keep(dayPath(today.date), today),
    ]);
  } catch {
    // Storage blocked or full: the page works, only not offline.
  }
}

export const fetchToday = (signal?: AbortSignal) =>
  callApi(
    TODAY_PATH,
    schemas().then((module) => module.todayResponseSchema),
    { signal },
  );

export const fetchDayBookings = (date: string, signal?: AbortSignal) =>
  callApi(
    dayPath(date),
    schemas().then((module) => module.listBookingsResponseSchema),
    { signal },
  );

export const fetchBookingsBetween = (from: string, to: string, signal?: AbortSignal) =>
  callApi(
    rangePath(from, to),
    schemas().then((module) => module.listBookingsRangeResponseSchema),
    { signal },
  );
