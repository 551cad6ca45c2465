import { findInstant } from '../../src/domain/time/moment';

/** The simulator's clock is Asia/Jakarta's wall clock (UTC+7 all year, no daylight saving). */
const OFFSET_MINUTES = 7 * 60;

export const wall = (date: string, time: string) => findInstant({ date, time }) ?? Number.NaN;

export function wallParts(minute: number): { date: string; time: string } {
  const iso = new Date(minute * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export const instantOf = (minute: number) => new Date((minute - OFFSET_MINUTES) * 60_000);
export const wallOf = (at: Date) => Math.floor(at.getTime() / 60_000) + OFFSET_MINUTES;

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
