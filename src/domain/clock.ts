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

/** The app's clock as the server tells it to pages: the instant, and the date and time it is in the app's zone. */
export interface AppClock {
  today: string;
  timeZone: string;
  /** ISO instant. */
  now: string;
  /** 'HH:MM' at `now` in `timeZone`. */
  time: string;
}

export function appClockAt(timeZone: string, at: Date): AppClock {
  const { date, time } = localMomentIn(timeZone, at);
  return { today: date, timeZone, now: at.toISOString(), time };
}

/**
 * The date and 'HH:MM' in the app's zone at `at`, an instant after `clock.now`. Within the minute
 * the server read, that is what the server said, with no Intl formatter to build: a page shows
 * its first schedule without loading the browser's locale data (docs/decisions/0027). Zone
 * offsets are whole minutes, so one UTC minute is one local minute.
 */
export function appMomentAt(clock: AppClock, at: Date): { date: string; time: string } {
  const sameMinute = Math.floor(Date.parse(clock.now) / 60_000) === Math.floor(at.getTime() / 60_000);
  return sameMinute ? { date: clock.today, time: clock.time } : localMomentIn(clock.timeZone, at);
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

// Indonesian day and month names are a fixed table, not Intl: the first Intl formatter a page
// builds loads the browser's locale data, 10 to 18 ms on a fast machine and four times that on a
// cheap phone, in the task that shows the schedule (docs/decisions/0027). A unit test holds these
// to Intl's id-ID output for every day of several years.
const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
const SHORT_WEEKDAYS = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'] as const;
const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'] as const;

/** The parts of a 'YYYY-MM-DD' date: its year, month (0-11), day of the month and weekday (0 = Minggu). */
function dateParts(date: string): { year: number; month: number; day: number; weekday: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month: month - 1, day, weekday: utcDate(date).getUTCDay() };
}

/** '2026-11-22' → 'Minggu, 22 November 2026' (the day without a leading zero, as people write it). */
export function formatIndonesianDate(date: string): string {
  const { year, month, day, weekday } = dateParts(date);
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month]} ${year}`;
}

/** Hours for a message: whole when whole, else one decimal with a comma (150 min → '2,5'). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1).replace('.', ',');
}

function utcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 as they are.
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  return moment;
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

/** '2026-11-23' → 'Sen'. */
export function formatShortWeekday(date: string): string {
  return SHORT_WEEKDAYS[dateParts(date).weekday] ?? '';
}

/**
 * '2026-11-23', '2026-11-29' → '23–29 Nov 2026': what two dates share is written once, as Intl's
 * formatRange writes it for id-ID ('30 Nov – 6 Des 2026', '28 Des 2026 – 3 Jan 2027', with thin
 * spaces around the dash when the sides have spaces of their own).
 */
export function formatDateRange(from: string, to: string): string {
  const start = dateParts(from);
  const end = dateParts(to);
  const short = ({ day, month }: { day: number; month: number }) => `${day} ${SHORT_MONTHS[month]}`;
  if (from === to) return `${short(start)} ${start.year}`;
  if (start.year !== end.year) return `${short(start)} ${start.year}\u2009\u2013\u2009${short(end)} ${end.year}`;
  if (start.month !== end.month) return `${short(start)}\u2009\u2013\u2009${short(end)} ${end.year}`;
  return `${start.day}\u2013${end.day} ${SHORT_MONTHS[end.month]} ${end.year}`;
}
