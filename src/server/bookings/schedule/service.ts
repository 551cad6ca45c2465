import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { bookingsShownOn } from '../../../domain/booking-day';
import { addDays, daysBetween } from '../../../domain/clock';
import { listBookingsQuerySchema, listBookingsRangeQuerySchema } from '../../../domain/schemas/booking-requests';
import type { DayBooking, ListBookingsResponse } from '../../../domain/schemas/bookings';
import { parseOrThrow } from '../../http/http-errors';
import { findBookingsTouching } from '../repository';
import { type CachedAnswer, ScheduleCache } from './cache';
import { findBookingsBetween } from './repository';
import { type ScheduleVersionSource, scheduleVersionSource } from './version';

export async function listBookingsOn(db: Executor, date: string): Promise<DayBooking[]> {
  return bookingsShownOn(date, await findBookingsTouching(db, date));
}

/** Each date from `from` to `to` with its bookings, read in one query. */
export async function listBookingsBetween(db: Executor, from: string, to: string): Promise<ListBookingsResponse[]> {
  const bookings = await findBookingsBetween(db, from, to);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => {
    const date = addDays(from, index);
    return { date, bookings: bookingsShownOn(date, bookings) };
  });
}

// One cache per database handle, shared by the API and the first load of `/` (first-load.ts).
const caches = new WeakMap<Db, { cache: ScheduleCache; version: ScheduleVersionSource }>();

function cacheOf(db: Db): ScheduleCache {
  let kept = caches.get(db);
  if (!kept) {
    const version = scheduleVersionSource(db);
    kept = { cache: new ScheduleCache(() => version.current()), version };
    caches.set(db, kept);
  }
  return kept.cache;
}

/** Whether this handle's schedule answers follow PostgreSQL's notices now, rather than reading the counter each turn. */
export function scheduleFollowsNotices(db: Db): boolean {
  return caches.get(db)?.version.noticed !== undefined;
}

/**
 * Whether this handle has heard, through a notice, of every write up to the counter `version`:
 * from then on its answers show them. A write reaches another instance only once PostgreSQL has
 * delivered its notice there (docs/decisions/0032).
 */
export function scheduleHasHeard(db: Db, version: string): boolean {
  const noticed = caches.get(db)?.version.noticed;
  return noticed !== undefined && noticed >= BigInt(version);
}

/**
 * The answer to `GET /api/bookings` at `url` (its query already parsed by Fastify): one date's
 * bookings (`?date=`), or each date's from `from` to `to` (`?from=&to=`). Kept by the exact URL,
 * so a kept answer skips even the query's validation (a URL is kept only once it passed).
 */
export function scheduleAnswer(db: Db, url: string, query: unknown): Promise<CachedAnswer> {
  return cacheOf(db).answer(url, async () => {
    if (typeof query === 'object' && query !== null && ('from' in query || 'to' in query)) {
      const { from, to } = parseOrThrow(listBookingsRangeQuerySchema, query);
      return { from, to, days: await listBookingsBetween(db.kysely, from, to) };
    }
    const { date } = parseOrThrow(listBookingsQuerySchema, query);
    return { date, bookings: await listBookingsOn(db.kysely, date) };
  });
}

/** The URL and query of a week's answer, as the page itself asks for it. */
export function weekAnswer(db: Db, from: string, to: string): Promise<CachedAnswer> {
  return scheduleAnswer(db, `/api/bookings?from=${from}&to=${to}`, { from, to });
}

export function dayAnswer(db: Db, date: string): Promise<CachedAnswer> {
  return scheduleAnswer(db, `/api/bookings?date=${date}`, { date });
}
