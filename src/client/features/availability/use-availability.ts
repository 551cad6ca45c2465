import { useCallback, useEffect, useRef, useState } from 'react';
import { isInWindow, weekShown } from '../../../domain/booking/schedule-window';
import type { DayBooking, ListBookingsRangeResponse, ListBookingsResponse, TodayResponse } from '../../../domain/schemas/bookings';
import { startOfWeek } from '../../../domain/time/clock';
import type { ApiResult } from '../../lib/http';
import { fetchBookingsBetween, fetchDayBookings, fetchToday, keepScheduleAnswers, type ScheduleAnswers } from '../../lib/schedule-api';
import type { FetchState } from '../../lib/use-fetch';
import { takeFirstLoad } from './first-load';

export const REFRESH_MS = 60_000;

export interface Availability {
  clock: TodayResponse;
  clockReceivedAt: number;
  weekStart: string;
  /** Only the days inside the public window (0037). */
  week: Map<string, DayBooking[]>;
  today: DayBooking[];
  keptFrom?: Date;
}

function oldestKept(...results: ({ keptFrom?: Date } | undefined)[]): { keptFrom?: Date } {
  const times = results.flatMap((result) => (result?.keptFrom ? [result.keptFrom.getTime()] : []));
  return times.length === 0 ? {} : { keptFrom: new Date(Math.min(...times)) };
}

async function loadAvailability(weekStart: string | undefined, signal: AbortSignal): Promise<ApiResult<Availability>> {
  const clockResult = await fetchToday(signal);
  if (!clockResult.ok) return clockResult;
  const clock = clockResult.data;
  const clockReceivedAt = Date.now();
  const shown = weekShown(weekStart ?? clock.today, clock.window);
  const todayInWeek = shown.days !== undefined && isInWindow(clock.today, shown.days);
  const [weekResult, todayResult] = await Promise.all([
    shown.days && fetchBookingsBetween(shown.days.from, shown.days.to, signal),
    todayInWeek ? undefined : fetchDayBookings(clock.today, signal),
  ]);
  if (weekResult && !weekResult.ok) return weekResult;
  if (todayResult && !todayResult.ok) return todayResult;
  const kept = oldestKept(clockResult, weekResult, todayResult);
  // The worker keeps what passes through it, dated by the answer's own Date header.
  if (!kept.keptFrom && !navigator.serviceWorker?.controller)
    void keepScheduleAnswers({ clock, week: weekResult?.data, today: todayResult?.data });
  const availability = availabilityOf(clock, clockReceivedAt, shown.weekStart, weekResult?.data, todayResult?.data);
  return { ok: true, data: { ...availability, ...kept } };
}

function availabilityOf(
  clock: TodayResponse,
  clockReceivedAt: number,
  weekStart: string,
  weekDays: ListBookingsRangeResponse | undefined,
  todayDay: ListBookingsResponse | undefined,
): Availability {
  const week = new Map(weekDays?.days.map((day) => [day.date, day.bookings]));
  const today = todayDay ? todayDay.bookings : (week.get(clock.today) ?? []);
  return { clock, clockReceivedAt, weekStart, week, today };
}

function initialState(key: string, weekStart: string | undefined): Stored {
  const first = takeFirstLoad(weekStart);
  if (!first) return { key, state: { status: 'loading' } };
  const { clock, weekStart: firstWeekStart, week, today } = first.data;
  return {
    key,
    state: { status: 'ready', data: availabilityOf(clock, first.receivedAt, firstWeekStart, week, today) },
    firstLoad: { clock, week, today },
  };
}

/** `firstLoad`: the answers the page came with, never passed through the service worker. */
type Stored = { key: string; state: FetchState<Availability>; firstLoad?: ScheduleAnswers };

/** The same week reloads in the background, in place: no loading state, so nothing flickers and the scroll stays. */
export function useAvailability(date: string | undefined): FetchState<Availability> & { retry: () => void } {
  const weekStart = date ? startOfWeek(date) : undefined;
  const key = weekStart ?? 'today';
  const [stored, setStored] = useState<Stored>(() => initialState(key, weekStart));
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const loadedWithPage = useRef(stored.state.status === 'ready');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only triggers a new request; `weekStart` is part of `key`; `stored` is read once, as first rendered
  useEffect(() => {
    if (loadedWithPage.current) {
      loadedWithPage.current = false;
      if (stored.firstLoad) void keepScheduleAnswers(stored.firstLoad);
      return;
    }
    const controller = new AbortController();
    setStored({ key, state: { status: 'loading' } });
    loadAvailability(weekStart, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setStored({ key, state: result.ok ? { status: 'ready', data: result.data } : { status: 'failed', failure: result } });
    });
    return () => controller.abort();
  }, [key, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `weekStart` is part of `key`
  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      controller?.abort();
      controller = new AbortController();
      const signal = controller.signal;
      loadAvailability(weekStart, signal).then((result) => {
        if (signal.aborted || !result.ok) return;
        // Only over data already shown: a first load still running, or a failure on screen, stays as it is.
        setStored((current) =>
          current.key === key && current.state.status === 'ready' ? { key, state: { status: 'ready', data: result.data } } : current,
        );
      });
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      controller?.abort();
    };
  }, [key]);

  if (stored.key !== key) return { status: 'loading', retry };
  return { ...stored.state, retry };
}
