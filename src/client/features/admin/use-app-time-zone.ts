import { useEffect, useState } from 'react';
import { fetchToday } from '../../lib/schedule-api';

/** APP_TIMEZONE, asked once: recorded instants are shown on the app's wall clock, not the admin's laptop's. */
export function useAppTimeZone(): string | undefined {
  const [timeZone, setTimeZone] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetchToday(controller.signal).then((result) => {
      if (result.ok) setTimeZone(result.data.timeZone);
    });
    return () => controller.abort();
  }, []);
  return timeZone;
}
