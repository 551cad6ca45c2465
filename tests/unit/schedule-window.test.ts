import { describe, expect, it } from 'vitest';
import { clampToWindow, isInWindow, nearestInWindow, publicScheduleWindow, weekShown } from '../../src/domain/booking/schedule-window';

// A Sunday.
const TODAY = '2026-11-22';
const WINDOW = publicScheduleWindow(TODAY, 90);

describe('the public schedule window', () => {
  it('runs from 7 days before today to the last bookable date, both ends included', () => {
    expect(WINDOW).toEqual({ from: '2026-11-15', to: '2027-02-20' });
    expect(publicScheduleWindow(TODAY, 0)).toEqual({ from: '2026-11-15', to: TODAY });
    expect(isInWindow('2026-11-15', WINDOW)).toBe(true);
    expect(isInWindow('2026-11-14', WINDOW)).toBe(false);
    expect(isInWindow('2027-02-20', WINDOW)).toBe(true);
    expect(isInWindow('2027-02-21', WINDOW)).toBe(false);
  });

  it('keeps the part of a range inside it, or nothing', () => {
    expect(clampToWindow({ from: '2026-11-09', to: '2026-11-15' }, WINDOW)).toEqual({ from: '2026-11-15', to: '2026-11-15' });
    expect(clampToWindow({ from: '2026-11-02', to: '2026-11-08' }, WINDOW)).toBeUndefined();
    expect(clampToWindow({ from: '2027-02-15', to: '2027-02-21' }, WINDOW)).toEqual({ from: '2027-02-15', to: '2027-02-20' });
    expect(clampToWindow({ from: '2026-11-16', to: '2026-11-22' }, WINDOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('shows of a week Monday to Sunday only the days inside it', () => {
    expect(weekShown(TODAY, WINDOW)).toEqual({ weekStart: '2026-11-16', days: { from: '2026-11-16', to: '2026-11-22' } });
    expect(weekShown('2026-11-12', WINDOW)).toEqual({ weekStart: '2026-11-09', days: { from: '2026-11-15', to: '2026-11-15' } });
    expect(weekShown('2000-01-05', WINDOW)).toEqual({ weekStart: '2000-01-03', days: undefined });
  });

  it('moves a date outside it to its nearest end', () => {
    expect(nearestInWindow('2026-11-08', WINDOW)).toBe('2026-11-15');
    expect(nearestInWindow('2030-01-01', WINDOW)).toBe('2027-02-20');
    expect(nearestInWindow(TODAY, WINDOW)).toBe(TODAY);
  });
});
