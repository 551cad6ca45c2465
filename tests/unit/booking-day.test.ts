import { describe, expect, it } from 'vitest';
import { bookingsShownOn, type ShownBooking } from '../../src/domain/booking/booking-day';

const booking = (date: string, start: string, end: string, endDate = date, name = 'Budi'): ShownBooking => ({
  date,
  start,
  end,
  endDate,
  name,
  class: 'PPTI 21',
  stage: name === 'Andi' ? 'pickedUp' : 'booked',
});

describe('the bookings shown on a date', () => {
  it('sorts by start, a continuation from the previous day first, and marks overnight loans', () => {
    const shown = bookingsShownOn('2026-11-23', [
      booking('2026-11-23', '13:00', '15:00', '2026-11-23', 'Siti'),
      booking('2026-11-23', '21:00', '03:00', '2026-11-24', 'Rizky'),
      booking('2026-11-23', '08:00', '10:00', '2026-11-23', 'Andi'),
      booking('2026-11-22', '20:00', '02:00', '2026-11-23', 'Dewi'),
    ]);
    expect(shown).toEqual([
      {
        start: '20:00',
        end: '02:00',
        name: 'Dewi',
        class: 'PPTI 21',
        continuesFromPreviousDay: true,
        continuesNextDay: false,
        stage: 'booked',
      },
      {
        start: '08:00',
        end: '10:00',
        name: 'Andi',
        class: 'PPTI 21',
        continuesFromPreviousDay: false,
        continuesNextDay: false,
        stage: 'pickedUp',
      },
      {
        start: '13:00',
        end: '15:00',
        name: 'Siti',
        class: 'PPTI 21',
        continuesFromPreviousDay: false,
        continuesNextDay: false,
        stage: 'booked',
      },
      {
        start: '21:00',
        end: '03:00',
        name: 'Rizky',
        class: 'PPTI 21',
        continuesFromPreviousDay: false,
        continuesNextDay: true,
        stage: 'booked',
      },
    ]);
  });

  it('leaves out a loan that ends at 00:00 of the date and bookings of other dates', () => {
    expect(
      bookingsShownOn('2026-11-23', [booking('2026-11-22', '18:00', '00:00', '2026-11-23'), booking('2026-11-24', '08:00', '09:00')]),
    ).toEqual([]);
  });
});
