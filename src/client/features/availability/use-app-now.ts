import { useEffect, useState } from 'react';
import type { TodayResponse } from '../../../domain/schemas/bookings';
import { appMomentAt, findMinutes } from '../../../domain/time/clock';

export interface AppNow {
  today: string;
  minutes: number;
}

/** The server's instant moved on by the time passed in the browser: the phone's clock may be wrong, its stopwatch is not. */
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
