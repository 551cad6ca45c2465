import { describe, expect, it } from 'vitest';
import { checkOnClient, laneFor } from '../../src/client/features/booking/client-checks';
import { bikeLanes, bikeLine, bikeStatusText, bikesDayText, everyBikeBooked } from '../../src/domain/booking/bike-lanes';
import { bookingsShownOn } from '../../src/domain/booking/booking-day';
import { bookedMinutes } from '../../src/domain/booking/day-timeline';
import type { DayBooking } from '../../src/domain/schemas/bookings';

const FIRST = { id: 1, name: 'Motor PPTI 21' };
const BEAT = { id: 2, name: 'Beat hitam' };
const BIKES = [FIRST, BEAT];

const booking = (motorId: number, start: string, end: string, overnight = false): DayBooking => ({
  start,
  end,
  name: 'Budi',
  class: 'PPTI 21',
  continuesFromPreviousDay: false,
  continuesNextDay: overnight,
  stage: 'booked',
  motorId,
});

const spans = (bookings: DayBooking[]) => bookings.map((shown) => `${shown.start}-${shown.end}${shown.continuesNextDay ? '+' : ''}`);

describe('the lanes of several bikes', () => {
  it('puts each booking and loan out in its bike’s lane, in the bikes’ order', () => {
    const loan = { name: 'Siti', class: 'PPTI 21', date: '2026-11-22', start: '08:00', end: '10:00', endDate: '2026-11-22', motorId: 2 };
    const lanes = bikeLanes([BEAT, FIRST], [booking(1, '08:00', '10:00'), booking(2, '09:00', '11:00')], [loan]);
    expect(lanes.map((lane) => [lane.bike.name, spans(lane.bookings), lane.loansOut.length])).toEqual([
      ['Beat hitam', ['09:00-11:00'], 1],
      ['Motor PPTI 21', ['08:00-10:00'], 0],
    ]);
  });

  it('says each bike’s status as the one-bike text after its name, and names the bike in the success dialog and the card', () => {
    expect(bikeStatusText(BEAT, 'Motor tersedia sekarang sepanjang hari ini')).toBe('Beat hitam: tersedia sekarang sepanjang hari ini');
    expect(bikeStatusText(FIRST, 'Motor sedang dipakai Budi (PPTI 21) sampai 11:00')).toBe(
      'Motor PPTI 21: sedang dipakai Budi (PPTI 21) sampai 11:00',
    );
    expect(bikeLine(BEAT)).toBe('Motor: Beat hitam');
  });

  it('marks a time taken in the week strip only while every bike is booked', () => {
    const day = [booking(1, '08:00', '12:00'), booking(2, '09:00', '10:00'), booking(2, '11:00', '14:00'), booking(1, '13:30', '15:00')];
    const full = everyBikeBooked(BIKES, day);
    expect(spans(full)).toEqual(['09:00-10:00', '11:00-12:00', '13:30-14:00']);
    expect(bookedMinutes(full)).toBe(150);
    expect(bikesDayText(day, bookedMinutes(full))).toBe('semua motor terpakai 2,5 jam');
  });

  it('leaves a day with one bike booked all day free, and fills it when both are', () => {
    const oneBike = [booking(1, '00:00', '12:00'), booking(1, '12:00', '00:00', true)];
    expect(everyBikeBooked(BIKES, oneBike)).toEqual([]);
    expect(bikesDayText(oneBike, 0)).toBe('selalu ada motor yang tersedia');
    expect(bikesDayText([], 0)).toBe('belum ada peminjaman');
    const both = [...oneBike, booking(2, '00:00', '00:00', true)];
    const full = everyBikeBooked(BIKES, both);
    expect(bookedMinutes(full)).toBe(24 * 60);
    expect(bikesDayText(both, bookedMinutes(full))).toBe('semua motor terpakai 24 jam');
  });

  it('shows a booking’s bike in the day’s list only when its row carries one', () => {
    const row = { date: '2026-11-22', start: '08:00', end: '09:00', endDate: '2026-11-22', name: 'Budi', class: 'PPTI 21' };
    expect(bookingsShownOn('2026-11-22', [{ ...row, stage: 'booked' }])[0]).not.toHaveProperty('motorId');
    expect(bookingsShownOn('2026-11-22', [{ ...row, stage: 'booked', motorId: 2 }])[0]?.motorId).toBe(2);
  });

  it('judges the form’s overlap on the bike the server would try: the chosen one, else the first free one, else the first', () => {
    const day = { date: '2026-11-23', bookings: [booking(1, '08:00', '10:00'), booking(2, '09:00', '11:00')] };
    const input = { name: 'Siti', date: '2026-11-23', start: '07:00', end: '08:30', reason: 'kuliah', needStnk: 'tidak' as const };
    const roster = [{ name: 'Siti', class: 'PPTI 21' }];
    const overlap = (motorId: number | undefined, at = input) =>
      checkOnClient(at, roster, '2026-11-22', '08:00', laneFor(at, day, BIKES, motorId)).start;
    expect(overlap(undefined)).toBeUndefined();
    expect(overlap(1)).toBe('Bentrok dengan jadwal lain (08:00 - 10:00)');
    expect(overlap(2)).toBeUndefined();
    expect(overlap(undefined, { ...input, start: '09:30', end: '10:30' })).toBe('Bentrok dengan jadwal lain (08:00 - 10:00)');
    expect(laneFor(input, day, [FIRST], undefined)).toBe(day);
  });
});
