import { addDays, startOfWeek } from '../time/clock';

/** Enough to look back at last week's loans; older history is the admin console's (0037). */
export const SCHEDULE_DAYS_BACK = 7;

export interface DateWindow {
  from: string;
  to: string;
}

/** The dates anyone may see the schedule of: a week back, and forward as far as one may book. */
export function publicScheduleWindow(today: string, horizonDays: number): DateWindow {
  return { from: addDays(today, -SCHEDULE_DAYS_BACK), to: addDays(today, horizonDays) };
}

export function isInWindow(date: string, window: DateWindow): boolean {
  return window.from <= date && date <= window.to;
}

/** The part of `range` inside `window`, or undefined when none of it is. */
export function clampToWindow(range: DateWindow, window: DateWindow): DateWindow | undefined {
  const from = range.from > window.from ? range.from : window.from;
  const to = range.to < window.to ? range.to : window.to;
  return from <= to ? { from, to } : undefined;
}

/** The week of `chosen`, Monday first, and the part of it anyone may see. */
export function weekShown(chosen: string, window: DateWindow): { weekStart: string; days: DateWindow | undefined } {
  const weekStart = startOfWeek(chosen);
  return { weekStart, days: clampToWindow({ from: weekStart, to: addDays(weekStart, 6) }, window) };
}

/** `date`, or the window's nearest end when it lies outside. */
export function nearestInWindow(date: string, window: DateWindow): string {
  if (date < window.from) return window.from;
  return date > window.to ? window.to : date;
}
