import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { bookingsShownOn } from '../../domain/booking/booking-day';
import { type DateWindow, isInWindow, publicScheduleWindow } from '../../domain/booking/schedule-window';
import { namesBikes } from '../../domain/motor/bikes';
import { listBookingsQuerySchema, listBookingsRangeQuerySchema } from '../../domain/schemas/booking-requests';
import type { DayBooking, ListBookingsResponse, LoanOut, ShownBike, TodayResponse } from '../../domain/schemas/bookings';
import type { PublicPeriod } from '../../domain/schemas/out-of-service';
import { messages } from '../../domain/text/messages';
import { addDays, appClockAt, appMomentAt, daysBetween, formatIndonesianDate, isCalendarDate } from '../../domain/time/clock';
import type { Config } from '../config';
import { findLoansOut } from '../handover/service';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { findBikes } from '../motor/service';
import { outOfServiceClock, publicPeriodsFrom } from '../out-of-service/service';
import { type CachedAnswer, ScheduleCache } from './cache';
import { findBookingsBetween } from './repository';
import { type ScheduleVersionSource, scheduleVersionSource } from './version';

/** The active bikes in the Motor tab's order while two or more are: the answers then name each booking's bike (0060). */
async function namedBikes(db: Executor): Promise<ShownBike[] | undefined> {
  const bikes = await findBikes(db);
  return namesBikes(bikes) ? bikes.flatMap(({ id, name, active }) => (active ? [{ id, name }] : [])) : undefined;
}

export async function listBookingsOn(db: Executor, date: string): Promise<DayBooking[]> {
  const withBikes = (await namedBikes(db)) !== undefined;
  return bookingsShownOn(date, await findBookingsBetween(db, date, date, withBikes));
}

export async function listBookingsBetween(db: Executor, from: string, to: string): Promise<ListBookingsResponse[]> {
  const withBikes = (await namedBikes(db)) !== undefined;
  const bookings = await findBookingsBetween(db, from, to, withBikes);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => {
    const date = addDays(from, index);
    return { date, bookings: bookingsShownOn(date, bookings) };
  });
}

// One cache per database handle, shared by the API and the first load of `/` (first-load.ts).
const caches = new WeakMap<Db, { cache: ScheduleCache; version: ScheduleVersionSource }>();

export function scheduleCacheOf(db: Db): ScheduleCache {
  let kept = caches.get(db);
  if (!kept) {
    const version = scheduleVersionSource(db);
    kept = { cache: new ScheduleCache(() => version.current()), version };
    caches.set(db, kept);
  }
  return kept.cache;
}

export function scheduleFollowsNotices(db: Db): boolean {
  return caches.get(db)?.version.noticed !== undefined;
}

/** True once this handle's answers show every write up to `version`, which another instance's write reaches only by notice. */
export function scheduleHasHeard(db: Db, version: string): boolean {
  const noticed = caches.get(db)?.version.noticed;
  return noticed !== undefined && noticed >= BigInt(version);
}

/** The app's clock for pages, with the dates whose schedule anyone may see and the loans out now. */
export async function scheduleClock(
  db: Db,
  config: Pick<Config, 'timeZone' | 'bookingHorizonDays' | 'returnGraceMinutes' | 'telegram'>,
  at: Date,
): Promise<TodayResponse> {
  const clock = appClockAt(config.timeZone, at);
  const loansOut = JSON.parse((await loansOutAnswer(db)).body) as LoanOut[];
  const bikes = JSON.parse((await scheduleCacheOf(db).answer('bikes', async () => (await namedBikes(db.kysely)) ?? null)).body) as
    | ShownBike[]
    | null;
  const yesterday = addDays(clock.today, -1);
  const periods = JSON.parse(
    (await scheduleCacheOf(db).answer(`out-of-service:${yesterday}`, () => publicPeriodsFrom(db.kysely, yesterday))).body,
  ) as PublicPeriod[];
  const window = publicScheduleWindow(clock.today, config.bookingHorizonDays);
  const periodsClock = (shown: PublicPeriod[]) => outOfServiceClock(shown, appMomentAt(clock, at), { from: yesterday, to: window.to });
  const byBike = bikes && {
    outOfServiceByBike: Object.fromEntries(
      bikes.map((bike) => [String(bike.id), periodsClock(periods.filter((period) => period.motorId === bike.id))]),
    ),
  };
  return {
    ...clock,
    returnGraceMinutes: config.returnGraceMinutes,
    loansOut,
    window,
    outOfService: periodsClock(periods),
    ...byBike,
    // Push keys are always there (set or generated, 0058): any phone can wait, and be told by push or a linked chat.
    waitingList: true,
    push: true,
    ...(bikes && { bikes }),
  };
}

// A stored state, not a time-dependent one: kept like the schedule, read again only after a write.
function loansOutAnswer(db: Db): Promise<CachedAnswer> {
  return scheduleCacheOf(db).answer('loans-out', async () => {
    const withBikes = (await namedBikes(db.kysely)) !== undefined;
    return (await findLoansOut(db.kysely)).map(({ name, class: className, date, start, end, endDate, motorbikeId }) => ({
      name,
      class: className,
      date,
      start,
      end,
      endDate,
      ...(withBikes && { motorId: motorbikeId }),
    }));
  });
}

/** Checked before the kept answers, which outlive a change of day: a date outside the window is refused whatever else the query holds. */
export function refuseOutsideWindow(query: unknown, window: DateWindow): void {
  if (typeof query !== 'object' || query === null) return;
  const asked = Object.entries(query).flatMap(([key, value]) =>
    (key === 'date' || key === 'from' || key === 'to') && typeof value === 'string' && isCalendarDate(value) ? [value] : [],
  );
  if (asked.every((date) => isInWindow(date, window))) return;
  throw new HttpError(400, messages.scheduleOutsideWindow(formatIndonesianDate(window.from), formatIndonesianDate(window.to)));
}

/** Kept by the exact URL. The query is checked first, before the database is read, so a bad one answers 400 even while it is away. */
export function scheduleAnswer(db: Db, url: string, query: unknown): Promise<CachedAnswer> {
  if (typeof query === 'object' && query !== null && ('from' in query || 'to' in query)) {
    const { from, to } = parseOrThrow(listBookingsRangeQuerySchema, query);
    return scheduleCacheOf(db).answer(url, async () => ({ from, to, days: await listBookingsBetween(db.kysely, from, to) }));
  }
  const { date } = parseOrThrow(listBookingsQuerySchema, query);
  return scheduleCacheOf(db).answer(url, async () => ({ date, bookings: await listBookingsOn(db.kysely, date) }));
}

// The URLs the page itself asks for, so the API and the first load share kept answers.
export function weekAnswer(db: Db, from: string, to: string): Promise<CachedAnswer> {
  return scheduleAnswer(db, `/api/bookings?from=${from}&to=${to}`, { from, to });
}

export function dayAnswer(db: Db, date: string): Promise<CachedAnswer> {
  return scheduleAnswer(db, `/api/bookings?date=${date}`, { date });
}
