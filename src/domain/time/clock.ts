// Dates are 'YYYY-MM-DD' and times 'HH:MM' in the app's zone, never a server-local Date.
import type { LocalMoment } from './moment';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const MINUTES_PER_DAY = 24 * 60;

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

export function findMinutes(time: string): number | undefined {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Wall-clock minutes, `to` exclusive, from 1970-01-01 00:00 (time/moment.ts) or from a day's midnight (below zero the day before). */
export interface MinuteSpan {
  from: number;
  to: number;
}

// Here, not in time/moment.ts: the page's first load cuts a day's bookings with it and needs nothing else of the time model.
/** The part of `span` in the day from minute `midnight`, counted from that midnight (at most 1440); undefined when it has none. */
export function partOfDay(span: MinuteSpan, midnight: number): MinuteSpan | undefined {
  const from = Math.max(span.from, midnight) - midnight;
  const to = Math.min(span.to, midnight + MINUTES_PER_DAY) - midnight;
  return to > from ? { from, to } : undefined;
}

/** Wraps past midnight: 1560 → '02:00'. */
export function formatMinutes(minutes: number): string {
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99; padding by hand, unlike toISOString, keeps 4 digits to 9999.
  const moved = new Date(0);
  moved.setUTCFullYear(year, month - 1, day + days);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1, 2)}-${pad(moved.getUTCDate(), 2)}`;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string, now: Date): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // Cached: building a formatter costs far more than using one. en-CA writes YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

export function localMomentIn(timeZone: string, now: Date): LocalMoment {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(timeZone, formatter);
  }
  return { date: todayIn(timeZone, now), time: formatter.format(now) };
}

export interface AppClock {
  today: string;
  timeZone: string;
  now: string;
  time: string;
}

export function appClockAt(timeZone: string, at: Date): AppClock {
  const { date, time } = localMomentIn(timeZone, at);
  return { today: date, timeZone, now: at.toISOString(), time };
}

/** Within the server's minute, the server's answer: no Intl formatter before the first schedule (0027); offsets are whole minutes. */
export function appMomentAt(clock: AppClock, at: Date): LocalMoment {
  const sameMinute = Math.floor(Date.parse(clock.now) / 60_000) === Math.floor(at.getTime() / 60_000);
  return sameMinute ? { date: clock.today, time: clock.time } : localMomentIn(clock.timeZone, at);
}

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// A table, not Intl: a page's first formatter loads locale data in the task that shows the schedule
// (docs/decisions/0027). A unit test holds these to Intl's id-ID output.
const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
const SHORT_WEEKDAYS = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'] as const;
export const MONTHS = [
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
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'] as const;

function dateParts(date: string): { year: number; month: number; day: number; weekday: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month: month - 1, day, weekday: utcDate(date).getUTCDay() };
}

export function formatIndonesianDate(date: string): string {
  const { year, month, day, weekday } = dateParts(date);
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month]} ${year}`;
}

export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1).replace('.', ',');
}

function utcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99.
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  return moment;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
}

/** Monday: Indonesian calendars start the week on Senin. */
export function startOfWeek(date: string): string {
  const sinceMonday = (utcDate(date).getUTCDay() + 6) % 7;
  return addDays(date, -sinceMonday);
}

export function formatShortWeekday(date: string): string {
  return SHORT_WEEKDAYS[dateParts(date).weekday] ?? '';
}

/** As Intl's formatRange for id-ID: '23–29 Nov 2026', '30 Nov – 6 Des 2026' (thin spaces when the sides have spaces). */
export function formatDateRange(from: string, to: string): string {
  const start = dateParts(from);
  const end = dateParts(to);
  const short = ({ day, month }: { day: number; month: number }) => `${day} ${SHORT_MONTHS[month]}`;
  if (from === to) return `${short(start)} ${start.year}`;
  if (start.year !== end.year) return `${short(start)} ${start.year}\u2009\u2013\u2009${short(end)} ${end.year}`;
  if (start.month !== end.month) return `${short(start)}\u2009\u2013\u2009${short(end)} ${end.year}`;
  return `${start.day}\u2013${end.day} ${SHORT_MONTHS[end.month]} ${end.year}`;
}

/** "Now" as a server rule reads it: the instant, and the zone that names its day; a loan's rules add `graceMinutes` (RETURN_GRACE_MINUTES) beside it. */
export interface Clock {
  now: Date;
  timeZone: string;
}
