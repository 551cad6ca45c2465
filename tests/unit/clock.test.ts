import { describe, expect, it } from 'vitest';
import {
  addDays,
  findMinutes,
  formatHours,
  formatIndonesianDate,
  formatMinutes,
  isCalendarDate,
  isClockTime,
  isKnownTimeZone,
  todayIn,
} from '../../src/domain/time/clock';

describe('calendar dates and clock times', () => {
  it.each(['2026-11-22', '2028-02-29', '2026-12-31'])('accepts the date %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each(['2026-02-30', '2027-02-29', '2026-13-01', '2026-1-5', '22-11-2026', '', '2026-11-22T00:00'])('rejects the date %s', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });

  it.each(['00:00', '07:05', '23:59'])('accepts the time %s', (time) => {
    expect(isClockTime(time)).toBe(true);
  });

  it.each(['24:00', '7:5', '25:99', '12:60', '12:00:00', ''])('rejects the time %s', (time) => {
    expect(isClockTime(time)).toBe(false);
    expect(findMinutes(time)).toBeUndefined();
  });

  it('converts between HH:MM and minutes, wrapping past midnight', () => {
    expect(findMinutes('08:30')).toBe(510);
    expect(formatMinutes(510)).toBe('08:30');
    expect(formatMinutes(26 * 60)).toBe('02:00');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes every date up to the end of year 9999 as YYYY-MM-DD, across leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-22', 90)).toBe('2027-02-20');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addDays('0100-01-01', -1)).toBe('0099-12-31');
    expect(addDays('2026-11-22', 36_500)).toBe('2126-10-29');
  });
});

describe('today in the app zone, whatever the process zone is', () => {
  it('is already tomorrow in Jakarta at 17:05 UTC', () => {
    expect(todayIn('Asia/Jakarta', new Date('2026-11-22T17:05:00Z'))).toBe('2026-11-23');
  });

  it('is still today in Jakarta at 16:55 UTC (23:55 WIB)', () => {
    expect(todayIn('Asia/Jakarta', new Date('2026-11-22T16:55:00Z'))).toBe('2026-11-22');
  });

  it('knows IANA zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Asia/Jakarta')).toBe(true);
    expect(isKnownTimeZone('Asia/Bandung')).toBe(false);
  });
});

describe('Indonesian formatting', () => {
  it('writes a date the Indonesian way', () => {
    expect(formatIndonesianDate('2026-11-22')).toBe('Minggu, 22 November 2026');
    expect(formatIndonesianDate('2027-01-01')).toBe('Jumat, 1 Januari 2027');
  });

  it('writes hours whole when whole, else with one decimal comma', () => {
    expect(formatHours(120)).toBe('2');
    expect(formatHours(150)).toBe('2,5');
    expect(formatHours(0)).toBe('0');
  });
});
