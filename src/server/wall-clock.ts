import { TZDate } from '@date-fns/tz';

/** The instant of a calendar date and wall-clock time in `timeZone`; a TZDate, which ical-generator writes in that zone. */
export function wallClockInstant(date: string, time: string, timeZone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, timeZone);
}
