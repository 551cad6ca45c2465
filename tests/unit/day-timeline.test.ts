import { describe, expect, it } from 'vitest';
import {
  bookedMinutes,
  dayTimeline,
  firstBookableMinute,
  formatDayMinute,
  gapFillHours,
  nowStatus,
  offeredTimes,
  openingSegmentIndex,
  roundUpToQuarter,
  type TimelineSegment,
  timelineBookingLabel,
} from '../../src/domain/booking/day-timeline';
import type { DayBooking } from '../../src/domain/schemas/bookings';
import { daysBetween, formatShortWeekday, MINUTES_PER_DAY, startOfWeek } from '../../src/domain/time/clock';

const booking = (start: string, end: string, name = 'Budi', flags: Partial<DayBooking> = {}): DayBooking => ({
  start,
  end,
  name,
  class: 'PPTI 21',
  continuesFromPreviousDay: false,
  continuesNextDay: false,
  stage: 'booked',
  ...flags,
});

/** Segments as 'kind HH:MM-HH:MM', easy to read in a failure. */
const shown = (segments: TimelineSegment[]) =>
  segments.map((segment) => `${segment.kind} ${formatDayMinute(segment.from)}-${formatDayMinute(segment.to)}`);

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

const DAY = '2026-12-01';
/** The page's clock at `time` on DAY (or `date`), with the default grace of 10 minutes. */
const nowAt = (time: string, date = DAY) => ({ date, minutes: at(time), graceMinutes: 10 });

describe('quarter-hour rounding', () => {
  it.each([
    [0, 0],
    [1, 15],
    [15, 15],
    [599, 600],
    [600, 600],
    [601, 615],
    [1439, 1440],
  ])('rounds minute %i up to %i', (minutes, rounded) => {
    expect(roundUpToQuarter(minutes)).toBe(rounded);
  });
});

describe('the day as a timeline', () => {
  it('is one free gap from 00:00 to 24:00 on a future day with no bookings', () => {
    expect(shown(dayTimeline([], 0))).toEqual(['free 00:00-24:00']);
  });

  it('is all past on a past day with no bookings, with nothing to book', () => {
    expect(shown(dayTimeline([], undefined))).toEqual(['past 00:00-24:00']);
  });

  it('has no free gap on a fully booked day', () => {
    const day = [booking('00:00', '08:00'), booking('08:00', '16:00', 'Siti'), booking('16:00', '23:59', 'Rizky')];
    expect(shown(dayTimeline(day, 0))).toEqual(['booking 00:00-08:00', 'booking 08:00-16:00', 'booking 16:00-23:59']);
    expect(bookedMinutes(day)).toBe(1439);
  });

  it('puts the free gaps between bookings, in time order whatever the input order', () => {
    const day = [booking('13:00', '15:00', 'Siti'), booking('08:00', '10:30')];
    expect(shown(dayTimeline(day, 0))).toEqual([
      'free 00:00-08:00',
      'booking 08:00-10:30',
      'free 10:30-13:00',
      'booking 13:00-15:00',
      'free 15:00-24:00',
    ]);
  });

  it('leaves out free time shorter than 15 minutes and keeps a gap of exactly 15', () => {
    const day = [booking('08:00', '09:50'), booking('10:00', '11:00'), booking('11:15', '12:00')];
    expect(shown(dayTimeline(day, 0))).toEqual([
      'free 00:00-08:00',
      'booking 08:00-09:50',
      'booking 10:00-11:00',
      'free 11:00-11:15',
      'booking 11:15-12:00',
      'free 12:00-24:00',
    ]);
  });

  it('shows an overnight voucher loan from the day before from 00:00 and one going on to the next day up to 24:00', () => {
    const day = [
      booking('21:00', '03:00', 'Dewi', { continuesFromPreviousDay: true }),
      booking('22:00', '04:00', 'Rizky', { continuesNextDay: true }),
    ];
    expect(shown(dayTimeline(day, 0))).toEqual(['booking 00:00-03:00', 'free 03:00-22:00', 'booking 22:00-24:00']);
    expect(bookedMinutes(day)).toBe(180 + 120);
  });

  it('today, turns free time before now (rounded up to a quarter hour) into past and starts the gap there', () => {
    const day = [booking('08:00', '09:00'), booking('13:00', '14:00', 'Siti')];
    expect(shown(dayTimeline(day, roundUpToQuarter(at('10:07'))))).toEqual([
      'past 00:00-08:00',
      'booking 08:00-09:00',
      'past 09:00-10:15',
      'free 10:15-13:00',
      'booking 13:00-14:00',
      'free 14:00-24:00',
    ]);
  });

  it('today, drops what is left of a gap when less than 15 minutes remain after now', () => {
    const day = [booking('10:30', '11:00')];
    expect(shown(dayTimeline(day, roundUpToQuarter(at('10:16'))))).toEqual(['past 00:00-10:30', 'booking 10:30-11:00', 'free 11:00-24:00']);
  });

  it('counts overlapping bookings (imported rows) once in the booked minutes and offers no free time inside them', () => {
    const day = [booking('08:00', '12:00'), booking('09:00', '10:00', 'Siti')];
    expect(shown(dayTimeline(day, 0))).toEqual(['free 00:00-08:00', 'booking 08:00-12:00', 'booking 09:00-10:00', 'free 12:00-24:00']);
    expect(bookedMinutes(day)).toBe(240);
  });
});

describe('the times a free gap offers to the form', () => {
  it('is the whole gap when it is at most the hours to fill', () => {
    expect(offeredTimes({ from: at('10:30'), to: at('13:00') }, 4)).toEqual({ start: '10:30', end: '13:00' });
  });

  it('caps the end at start + the hours to fill', () => {
    expect(offeredTimes({ from: at('15:00'), to: 1440 }, 4)).toEqual({ start: '15:00', end: '19:00' });
    expect(offeredTimes({ from: at('15:00'), to: 1440 }, 3)).toEqual({ start: '15:00', end: '18:00' });
  });

  it('ends at 23:59 for a gap that runs to midnight within the hours to fill', () => {
    expect(offeredTimes({ from: at('22:00'), to: 1440 }, 4)).toEqual({ start: '22:00', end: '23:59' });
  });

  it('fills the class limit of the student this device booked for last, and 3 hours when it booked for nobody yet', () => {
    expect(gapFillHours('PPTI 21')).toBe(4);
    expect(gapFillHours('PPTI 22')).toBe(3);
    expect(gapFillHours(undefined)).toBe(3);
  });
});

describe('the status now', () => {
  const today = [
    booking('21:00', '02:00', 'Dewi', { continuesFromPreviousDay: true }),
    booking('08:00', '10:00'),
    booking('13:00', '15:00', 'Siti'),
  ];

  it('names who has the bike and until when while a booking runs', () => {
    expect(nowStatus(today, nowAt('09:00'))).toEqual({ kind: 'busy', name: 'Budi', class: 'PPTI 21', until: '10:00' });
    expect(nowStatus(today, nowAt('08:00'))).toMatchObject({ kind: 'busy', name: 'Budi' });
  });

  it('names the overnight voucher loan from the day before until its end today', () => {
    expect(nowStatus(today, nowAt('01:00'))).toEqual({ kind: 'busy', name: 'Dewi', class: 'PPTI 21', until: '02:00' });
  });

  it('is free until the next booking’s start inside a gap, a booking that ends now being over', () => {
    expect(nowStatus(today, nowAt('10:00'))).toEqual({ kind: 'free', until: '13:00' });
    expect(nowStatus(today, nowAt('11:59'))).toEqual({ kind: 'free', until: '13:00' });
  });

  it('is free for the rest of the day after the last booking and on a day with no bookings', () => {
    expect(nowStatus(today, nowAt('15:00'))).toEqual({ kind: 'free', until: undefined });
    expect(nowStatus([], nowAt('09:00'))).toEqual({ kind: 'free', until: undefined });
  });

  it('runs a loan going on to the next day until its end time', () => {
    expect(nowStatus([booking('22:00', '04:00', 'Rizky', { continuesNextDay: true })], nowAt('23:30'))).toEqual({
      kind: 'busy',
      name: 'Rizky',
      class: 'PPTI 21',
      until: '04:00',
    });
  });
});

const outSpan = { date: DAY, start: '09:00', end: '11:00', endDate: DAY };

describe('a loan out on the timeline and in the status line', () => {
  const out = booking('09:00', '11:00', 'Budi', { stage: 'pickedUp' });

  it('heads a picked-up booking Sedang dipakai until its end and the grace are over, then Terlambat with the minutes past its end', () => {
    expect(timelineBookingLabel(out, DAY, nowAt('10:00'))).toBe('Sedang dipakai');
    expect(timelineBookingLabel(out, DAY, nowAt('11:10'))).toBe('Sedang dipakai');
    expect(timelineBookingLabel(out, DAY, nowAt('11:11'))).toBe('Terlambat 11 menit');
  });

  it('heads a booking not picked up as booked, and a loan out with no clock yet too', () => {
    expect(timelineBookingLabel(booking('09:00', '11:00'), DAY, nowAt('10:00'))).toBe('Dipakai');
    expect(timelineBookingLabel(booking('13:00', '15:00'), DAY, nowAt('10:00'))).toBe('Dipakai');
    expect(timelineBookingLabel(out, DAY, undefined)).toBe('Dipakai');
  });

  it('heads a returned loan Selesai and a released no-show Tidak diambil, never Dipakai, with or without the clock', () => {
    const returned = booking('09:00', '10:15', 'Budi', { stage: 'returned' });
    const released = booking('07:30', '08:03', 'Siti', { stage: 'released' });
    expect(timelineBookingLabel(returned, DAY, nowAt('12:00'))).toBe('Selesai');
    expect(timelineBookingLabel(returned, DAY, undefined)).toBe('Selesai');
    expect(timelineBookingLabel(released, DAY, nowAt('12:00'))).toBe('Tidak diambil');
    expect(timelineBookingLabel(released, DAY, undefined)).toBe('Tidak diambil');
  });

  it('counts a loan that began the day before from its end today, and one going on to tomorrow is not late today', () => {
    const overnight = booking('22:00', '02:00', 'Dewi', { continuesFromPreviousDay: true, stage: 'pickedUp' });
    expect(timelineBookingLabel(overnight, DAY, nowAt('02:30'))).toBe('Terlambat 30 menit');
    const tonight = booking('22:00', '04:00', 'Rizky', { continuesNextDay: true, stage: 'pickedUp' });
    expect(timelineBookingLabel(tonight, DAY, nowAt('23:59'))).toBe('Sedang dipakai');
  });

  it('says the bike is not back, naming the latest borrower, even when the next booking has begun', () => {
    const next = booking('12:00', '13:00', 'Siti');
    expect(nowStatus([out, next], nowAt('12:05'))).toEqual({ kind: 'late', name: 'Budi', minutes: 65 });
    expect(nowStatus([out], nowAt('11:10'), [{ ...outSpan, name: 'Budi', class: 'PPTI 21' }])).toMatchObject({
      kind: 'busy',
      until: '11:00',
    });
    const sinceYesterday = { name: 'Rizky', class: 'PPTI 22', date: '2026-11-30', start: '20:00', end: '22:00', endDate: '2026-11-30' };
    expect(nowStatus([], nowAt('00:30'), [sinceYesterday])).toEqual({ kind: 'late', name: 'Rizky', minutes: 150 });
    expect(nowStatus([{ ...out, stage: 'returned' }, next], nowAt('12:05'))).toMatchObject({ kind: 'busy', name: 'Siti' });
  });
});

describe('the status line follows the recorded pickup (0051)', () => {
  const loan = { name: 'Budi', class: 'PPTI 21', ...outSpan, start: '15:00', end: '17:00' };
  const booked = booking('15:00', '17:00', 'Budi', { stage: 'pickedUp' });

  it('says the bike is out from a pickup at 14:48 for 15:00-17:00, naming who and until when', () => {
    expect(nowStatus([booked], nowAt('14:48'), [loan])).toEqual({ kind: 'busy', name: 'Budi', class: 'PPTI 21', until: '17:00' });
    expect(nowStatus([booking('15:00', '17:00')], nowAt('14:48'))).toEqual({ kind: 'free', until: '15:00' });
  });

  it('names a loan out until its end time, tonight’s going on to tomorrow and yesterday’s still out today', () => {
    const overnight = { ...loan, start: '22:00', end: '02:00', endDate: '2026-12-02' };
    expect(nowStatus([], nowAt('23:00'), [overnight])).toMatchObject({ kind: 'busy', until: '02:00' });
    const sinceYesterday = { ...loan, date: '2026-11-30', start: '22:00', end: '02:00', endDate: DAY };
    expect(nowStatus([], nowAt('01:00'), [sinceYesterday])).toMatchObject({ kind: 'busy', until: '02:00' });
  });

  it('is free at once after a return or a release, even inside the minute the freed end rounds up to', () => {
    expect(nowStatus([booking('09:00', '10:01', 'Budi', { stage: 'returned' })], nowAt('10:00'))).toEqual({
      kind: 'free',
      until: undefined,
    });
    expect(nowStatus([booking('07:30', '08:03', 'Siti', { stage: 'released' })], nowAt('08:02'))).toEqual({
      kind: 'free',
      until: undefined,
    });
  });
});

describe('where the day view opens', () => {
  const segments = dayTimeline([booking('08:00', '10:00'), booking('13:00', '15:00', 'Siti')], at('11:15'));

  it('opens today at the first block not over by now, another day at its top', () => {
    expect(shown(segments)).toEqual([
      'past 00:00-08:00',
      'booking 08:00-10:00',
      'past 10:00-11:15',
      'free 11:15-13:00',
      'booking 13:00-15:00',
      'free 15:00-24:00',
    ]);
    expect(openingSegmentIndex(segments, DAY, nowAt('11:07'))).toBe(2);
    expect(openingSegmentIndex(segments, DAY, nowAt('11:15'))).toBe(3);
    expect(openingSegmentIndex(segments, DAY, nowAt('09:30'))).toBe(1);
    expect(openingSegmentIndex(segments, '2026-12-02', nowAt('11:07'))).toBeUndefined();
    expect(openingSegmentIndex(segments, DAY, undefined)).toBeUndefined();
  });
});

describe('calendar helpers for the week', () => {
  it('starts a week on Monday (Senin)', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('counts days between dates, across months and years', () => {
    expect(daysBetween('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysBetween('2026-12-31', '2027-01-31')).toBe(31);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
  });

  it('names a day in short Indonesian', () => {
    expect(formatShortWeekday('2026-11-23')).toBe('Sen');
    expect(formatShortWeekday('2026-11-22')).toBe('Min');
  });
});

describe('firstBookableMinute', () => {
  const now = { date: DAY, minutes: at('10:07') };
  it('offers today from now rounded up to a quarter, any later day whole, no past day', () => {
    expect(firstBookableMinute(DAY, now, false)).toBe(at('10:15'));
    expect(firstBookableMinute('2026-12-02', now, false)).toBe(0);
    expect(firstBookableMinute('2026-11-30', now, false)).toBeUndefined();
  });

  it('while a loan is late, offers nothing starting within 3 hours, past midnight too', () => {
    expect(firstBookableMinute(DAY, now, true)).toBe(at('13:15'));
    const lateEvening = { date: DAY, minutes: at('22:50') };
    expect(firstBookableMinute(DAY, lateEvening, true)).toBe(MINUTES_PER_DAY);
    expect(firstBookableMinute('2026-12-02', lateEvening, true)).toBe(at('02:00'));
    expect(firstBookableMinute('2026-12-03', lateEvening, true)).toBe(0);
  });
});
