import { describe, expect, it } from 'vitest';
import { dayTimeline } from '../../src/domain/booking/day-timeline';
import {
  bookingsInside,
  bookingsNewlyInside,
  currentPeriod,
  findBlockingPeriod,
  isPeriodOver,
  outOfServiceText,
  overlapsPeriod,
  periodSpanOn,
  unavailableSpansOn,
} from '../../src/domain/out-of-service/out-of-service';
import { checkPeriod } from '../../src/domain/out-of-service/out-of-service-form';

const servis = { fromDate: '2026-11-27', fromTime: '10:00', untilDate: '2026-11-27', untilTime: '14:00', reason: 'Servis' };
const open = { fromDate: '2026-11-28', fromTime: '08:00', untilDate: null, untilTime: null, reason: 'Ban bocor' };
const span = (date: string, start: string, end: string, endDate = date) => ({ date, start, end, endDate });

describe('a booking against a Tidak tersedia period', () => {
  it('overlaps inside and across either edge, never when only touching', () => {
    expect(overlapsPeriod(span('2026-11-27', '11:00', '12:00'), servis)).toBe(true);
    expect(overlapsPeriod(span('2026-11-27', '09:00', '10:01'), servis)).toBe(true);
    expect(overlapsPeriod(span('2026-11-27', '13:59', '15:00'), servis)).toBe(true);
    expect(overlapsPeriod(span('2026-11-27', '08:00', '10:00'), servis)).toBe(false);
    expect(overlapsPeriod(span('2026-11-27', '14:00', '16:00'), servis)).toBe(false);
  });

  it('an open-ended period blocks everything from its start; an overnight span reaches into the next day', () => {
    expect(overlapsPeriod(span('2027-01-01', '08:00', '09:00'), open)).toBe(true);
    expect(overlapsPeriod(span('2026-11-28', '06:00', '08:00'), open)).toBe(false);
    expect(overlapsPeriod(span('2026-11-27', '22:00', '08:30', '2026-11-28'), open)).toBe(true);
    expect(overlapsPeriod(span('2026-11-26', '22:00', '03:00', '2026-11-27'), servis)).toBe(false);
  });

  it('says until when, or only why when open-ended; the earliest period hit is named', () => {
    expect(outOfServiceText(servis)).toBe('Motor tidak tersedia (Servis) sampai Jumat, 27 November 2026 jam 14:00.');
    expect(outOfServiceText(open)).toBe('Motor tidak tersedia (Ban bocor).');
    expect(findBlockingPeriod(span('2026-11-27', '09:00', '09:00', '2026-11-29'), [open, servis])).toBe(servis);
    expect(bookingsInside([span('2026-11-27', '08:00', '10:00'), span('2026-11-27', '09:00', '11:00')], servis)).toHaveLength(1);
  });

  it('is current from its start until its end (exclusive)', () => {
    expect(currentPeriod([servis], { date: '2026-11-27', time: '10:00' })).toBe(servis);
    expect(currentPeriod([servis], { date: '2026-11-27', time: '14:00' })).toBeUndefined();
    expect(currentPeriod([open], { date: '2030-01-01', time: '00:00' })).toBe(open);
  });

  it('refuses an empty or long reason and an end not after the start', () => {
    expect(checkPeriod({ ...servis, reason: '  ' })).toEqual({ reason: 'Alasan harus diisi' });
    expect(checkPeriod({ ...servis, reason: 'x'.repeat(201) })).toEqual({ reason: 'Alasan paling panjang 200 karakter' });
    expect(checkPeriod({ ...servis, untilTime: '10:00' })).toEqual({ until: 'Sampai harus sesudah mulai' });
    expect(checkPeriod(open)).toEqual({});
  });
});

describe('the period on the day timeline', () => {
  it('covers its part of each day, and no free gap is offered inside it', () => {
    expect(periodSpanOn('2026-11-27', servis)).toEqual({ from: 600, to: 840 });
    expect(periodSpanOn('2026-11-29', open)).toEqual({ from: 0, to: 1440 });
    expect(periodSpanOn('2026-11-27', open)).toBeUndefined();
    const segments = dayTimeline([], 0, unavailableSpansOn('2026-11-27', [servis]));
    expect(segments.map((segment) => [segment.kind, segment.from, segment.to])).toEqual([
      ['free', 0, 600],
      ['unavailable', 600, 840],
      ['free', 840, 1440],
    ]);
  });
});

describe('editing a period (Ubah)', () => {
  it('is over once ended early or once its end is reached; an open-ended one never runs out', () => {
    const now = { date: '2026-11-27', time: '14:00' };
    expect(isPeriodOver({ ...servis, ended: null }, now)).toBe(true);
    expect(isPeriodOver({ ...servis, ended: null }, { date: '2026-11-27', time: '13:59' })).toBe(false);
    expect(isPeriodOver({ ...servis, ended: { at: 'x' } }, { date: '2026-11-27', time: '11:00' })).toBe(true);
    expect(isPeriodOver({ ...open, ended: null }, { date: '2030-01-01', time: '00:00' })).toBe(false);
  });

  it('lists only the bookings the change brings inside, leaving out those the period already treated', () => {
    const longer = { ...servis, untilTime: '18:00' };
    const bookings = [
      { id: 1, ...span('2026-11-27', '11:00', '12:00') },
      { id: 2, ...span('2026-11-27', '15:00', '16:00') },
      { id: 3, ...span('2026-11-27', '16:00', '17:00') },
      { id: 4, ...span('2026-11-27', '18:00', '19:00') },
    ];
    expect(bookingsNewlyInside(bookings, servis, longer, new Set([3])).map((booking) => booking.id)).toEqual([2]);
    expect(bookingsNewlyInside(bookings, servis, { ...servis, untilTime: '12:00' }, new Set())).toEqual([]);
  });
});
