import { describe, expect, it } from 'vitest';
import { bikesOfWait, busyRangesOfBike, takenOnEveryBike, takenText } from '../../src/domain/waiting-list/waiting-list';

const DATE = '2026-11-23';
const span = { date: DATE, start: '09:00', end: '14:00' };
const morning = { date: DATE, time: '08:00' };
const beat = { id: 1, name: 'Beat hitam', plate: '', active: true };
const vario = { id: 2, name: 'Vario merah', plate: '', active: true };

describe('takenOnEveryBike', () => {
  it('keeps the minutes taken on every bike, however the bikes split them', () => {
    const onBeat = [
      { from: 540, to: 600 },
      { from: 660, to: 780 },
    ];
    const onVario = [{ from: 570, to: 720 }];
    expect(takenOnEveryBike(span, [onBeat, onVario], morning)).toEqual([
      { from: 570, to: 600 },
      { from: 660, to: 720 },
    ]);
    expect(takenOnEveryBike(span, [onBeat], morning)).toEqual(onBeat);
  });
  it('is nothing when one bike is free over the span, or there is no bike', () => {
    expect(takenOnEveryBike(span, [[{ from: 540, to: 840 }], []], morning)).toEqual([]);
    expect(takenOnEveryBike(span, [], morning)).toEqual([]);
  });
});

describe('busyRangesOfBike', () => {
  const facts = {
    bookings: [
      { date: DATE, start: '09:00', end: '10:00', endDate: DATE, motorbikeId: 1 },
      { date: DATE, start: '11:00', end: '12:00', endDate: DATE, motorbikeId: 2 },
    ],
    periods: [{ fromDate: DATE, fromTime: '13:00', untilDate: DATE, untilTime: '14:00', reason: 'Servis', motorbikeId: 2 }],
    holds: [{ date: DATE, start: '15:00', end: '16:00', motorbikeId: 1 }],
  };
  it('reads only the bike’s own bookings, periods and holds', () => {
    expect(busyRangesOfBike(DATE, facts, 1)).toEqual([
      { from: 540, to: 600 },
      { from: 900, to: 960 },
    ]);
    expect(busyRangesOfBike(DATE, facts, 2)).toEqual([
      { from: 660, to: 720 },
      { from: 780, to: 840 },
    ]);
  });
});

describe('bikesOfWait', () => {
  it('is the bike chosen while it takes bookings, or every active bike in order for Motor mana saja', () => {
    expect(bikesOfWait([beat, vario], { motorbikeId: 2, anyBike: false })).toEqual([vario]);
    expect(bikesOfWait([beat, vario], { motorbikeId: 2, anyBike: true })).toEqual([beat, vario]);
    expect(bikesOfWait([beat, { ...vario, active: false }], { motorbikeId: 2, anyBike: false })).toEqual([]);
    expect(bikesOfWait([{ ...beat, active: false }, vario], { motorbikeId: 1, anyBike: true })).toEqual([vario]);
  });
});

describe('takenText', () => {
  it('ends with the bike only when one is named', () => {
    const offered = { date: DATE, start: '10:00', end: '11:00' };
    expect(takenText('Budi Santoso', offered)).toBe('Berhasil! Motor dipesan untuk Budi Santoso Senin, 23 November 2026 jam 10:00-11:00.');
    expect(takenText('Budi Santoso', offered, 'Beat_hitam')).toBe(
      'Berhasil! Motor dipesan untuk Budi Santoso Senin, 23 November 2026 jam 10:00-11:00.\nMotor: Beat_hitam',
    );
  });
});
