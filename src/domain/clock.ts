/** Calendar dates are 'YYYY-MM-DD' and wall-clock times 'HH:MM' in the app's zone; never a server-local Date. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written 'YYYY-MM-DD' (rejects '2026-02-30'). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a 24-hour 'HH:MM' time from 00:00 to 23:59 (rejects '24:00' and '7:5'). */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** Minutes since midnight of an 'HH:MM' time, or undefined when it is not one. */
export function findMinutes(time: string): number | undefined {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** 'HH:MM' of minutes since midnight, wrapping past midnight (1560 → '02:00'). */
export function formatMinutes(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/**
 * The date `days` after a 'YYYY-MM-DD' date, written 'YYYY-MM-DD' for every year from 0 to 9999
 * (toISOString would write '+010000-01-01' past 9999).
 */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 as they are.
  const moved = new Date(0);
  moved.setUTCFullYear(year, month - 1, day + days);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1, 2)}-${pad(moved.getUTCDate(), 2)}`;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string, now: Date): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // Building a formatter costs far more than formatting with one; there is one zone per app.
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and 'HH:MM' time in `timeZone` at the instant `now`. */
export function localMomentIn(timeZone: string, now: Date): { date: string; time: string } {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(timeZone, formatter);
  }
  return { date: todayIn(timeZone, now), time: formatter.format(now) };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// Not dateStyle 'full', which writes '01 Januari'; people write '1 Januari'.
const indonesianDate = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-22' → 'Minggu, 22 November 2026'. */
export function formatIndonesianDate(date: string): string {
  return indonesianDate.format(utcDate(date));
}

/** Hours for a message: whole when whole, else one decimal with a comma (150 min → '2,5'). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1).replace('.', ',');
}

function utcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** Whole days from `from` to `to` ('2026-11-22' to '2026-11-23' → 1; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
}

/** The Monday of the week `date` falls in: weeks here start on Senin, as Indonesian calendars do. */
export function startOfWeek(date: string): string {
  const sinceMonday = (utcDate(date).getUTCDay() + 6) % 7;
  return addDays(date, -sinceMonday);
}

const shortWeekday = new Intl.DateTimeFormat('id-ID', { weekday: 'short', timeZone: 'UTC' });

/** '2026-11-23' → 'Sen'. */
export function formatShortWeekday(date: string): string {
  return shortWeekday.format(utcDate(date));
}

const shortDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11-23', '2026-11-29' → '23–29 Nov 2026' (months and years written once when shared). */
export function formatDateRange(from: string, to: string): string {
  return shortDate.formatRange(utcDate(from), utcDate(to));
}
