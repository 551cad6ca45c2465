import { describe, expect, it } from 'vitest';
import { bikeNameOf, bookingsOnInactiveBikes, everyBikeUnavailable } from '../../src/domain/booking/bikes-shown';
import { isBookingLive, liveBookingCount } from '../../src/domain/motor/bike-deactivation';
import type { DayBooking } from '../../src/domain/schemas/bookings';

const FIRST = { id: 1, name: 'Motor PPTI 21' };
const BEAT = { id: 2, name: 'Beat hitam' };
const BIKES = [FIRST, BEAT];

const booking = (motorId: number): DayBooking => ({
  start: '08:00',
  end: '10:00',
  name: 'Budi',
  class: 'PPTI 21',
  continuesFromPreviousDay: false,
  continuesNextDay: false,
  stage: 'booked',
  motorId,
});

const clock = (days: Record<string, { from: number; to: number }[]>) => ({
  now: null,
  days: Object.fromEntries(Object.entries(days).map(([date, spans]) => [date, spans.map((span) => ({ ...span, reason: 'Servis' }))])),
});

describe('a day of several bikes on /', () => {
  it('names a booking’s bike, or Motor tidak aktif for one no longer active, whose bookings make a lane of their own', () => {
    expect([booking(1), booking(2), booking(3)].map((shown) => bikeNameOf(BIKES, shown))).toEqual([
      'Motor PPTI 21',
      'Beat hitam',
      'Motor tidak aktif',
    ]);
    expect(bookingsOnInactiveBikes(BIKES, [booking(1), booking(3), booking(2)]).map((shown) => shown.motorId)).toEqual([3]);
  });

  it('marks a day Tidak tersedia only for the minutes every active bike is out, whatever an inactive bike’s periods', () => {
    const days = everyBikeUnavailable(BIKES, {
      '1': clock({ '2026-12-01': [{ from: 0, to: 1440 }], '2026-12-02': [{ from: 480, to: 720 }], '2026-12-03': [{ from: 0, to: 600 }] }),
      '2': clock({ '2026-12-01': [{ from: 600, to: 660 }], '2026-12-03': [{ from: 600, to: 1440 }] }),
      '3': clock({ '2026-12-02': [{ from: 0, to: 1440 }] }),
    });
    expect(days).toEqual({ '2026-12-01': [{ reason: 'Servis', from: 600, to: 660 }] });
    expect(everyBikeUnavailable(BIKES, { '1': clock({ '2026-12-01': [{ from: 0, to: 60 }] }) })).toEqual({});
  });

  it('takes overlapping periods of one bike as they come: any minute all bikes are out is marked', () => {
    const days = everyBikeUnavailable(BIKES, {
      '1': clock({
        '2026-12-01': [
          { from: 0, to: 600 },
          { from: 500, to: 900 },
        ],
      }),
      '2': clock({ '2026-12-01': [{ from: 800, to: 1000 }] }),
    });
    expect(days['2026-12-01']?.map((span) => [span.from, span.to])).toEqual([[800, 900]]);
  });
});

describe('a booking that keeps its bike from being switched off', () => {
  const now = { date: '2026-11-24', time: '11:00' };
  it('is one picked up and not back, however late, or one booked whose end is still ahead', () => {
    expect(isBookingLive({ stage: 'pickedUp', end: '10:00', endDate: '2026-11-23' }, now)).toBe(true);
    expect(isBookingLive({ stage: 'booked', end: '11:01', endDate: '2026-11-24' }, now)).toBe(true);
    expect(isBookingLive({ stage: 'booked', end: '02:00', endDate: '2026-11-25' }, now)).toBe(true);
    expect(isBookingLive({ stage: 'booked', end: '11:00', endDate: '2026-11-24' }, now)).toBe(false);
    expect(isBookingLive({ stage: 'booked', end: '23:00', endDate: '2026-11-23' }, now)).toBe(false);
    expect(
      liveBookingCount(
        [
          { stage: 'pickedUp', end: '10:00', endDate: '2026-11-24' },
          { stage: 'booked', end: '10:00', endDate: '2026-11-24' },
          { stage: 'booked', end: '12:00', endDate: '2026-11-24' },
        ],
        now,
      ),
    ).toBe(2);
  });
});
