import { useEffect, useState } from 'react';
import { appMomentAt, findMinutes } from '../../../domain/clock';
import type { TodayResponse } from '../../../domain/schemas/bookings';

export interface AppNow {
  today: string;
  /** Minutes since midnight in the app's zone. */
  minutes: number;
}

/**
 * The current date and minute in the app's zone, moved on from the server's instant by the time
 * passed in the browser since it arrived (the phone's clock may be wrong, its stopwatch is not),
 * and rendered again when the minute changes.
 */
export function useAppNow(clock: TodayResponse | undefined, receivedAt: number | undefined): AppNow | undefined {
  const [, setTick] = useState(0);
  const at = clock && receivedAt !== undefined ? new Date(Date.parse(clock.now) + Date.now() - receivedAt) : undefined;
  const instant = at?.getTime();

  useEffect(() => {
    if (instant === undefined) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), 60_000 - (instant % 60_000));
    return () => clearTimeout(timer);
  }, [instant]);

  if (!clock || !at) return undefined;
  const moment = appMomentAt(clock, at);
  return { today: moment.date, minutes: findMinutes(moment.time) ?? 0 };
}
