import { describe, expect, it } from 'vitest';
import { lateSoFar } from '../../src/domain/booking/late-loan';

const DAY = '2026-12-01';
const loan = { date: DAY, start: '09:00', end: '11:00', endDate: DAY, stage: 'pickedUp' as const };
const now = (time: string, date = DAY) => ({ date, time });

describe('a late loan’s minutes and fine so far (0051)', () => {
  it('is nothing until the grace after the planned end is over', () => {
    expect(lateSoFar(loan, now('10:00'), 10)).toBeUndefined();
    expect(lateSoFar(loan, now('11:10'), 10)).toBeUndefined();
  });

  it('counts the fine per started hour late, as chargeFor does', () => {
    expect(lateSoFar(loan, now('11:11'), 10)).toEqual({ minutes: 11, fine: 10_000 });
    expect(lateSoFar(loan, now('12:00'), 10)).toEqual({ minutes: 60, fine: 10_000 });
    expect(lateSoFar(loan, now('12:01'), 10)).toEqual({ minutes: 61, fine: 20_000 });
    expect(lateSoFar(loan, now('00:30', '2026-12-02'), 10)).toEqual({ minutes: 810, fine: 140_000 });
  });

  it('is nothing for a loan not out: booked, returned or released', () => {
    for (const stage of ['booked', 'returned', 'released'] as const)
      expect(lateSoFar({ ...loan, stage }, now('13:00'), 10)).toBeUndefined();
  });
});
