import { describe, expect, it } from 'vitest';
import {
  bookingState,
  bookingStateLabel,
  freedAt,
  freedEnd,
  isNoShowDue,
  isReturnQuestionDue,
  recorderLabel,
  type StatefulBooking,
  startsWhileLate,
  waitsForLateBike,
} from '../../src/domain/handover/handover';
import { checkKilometres } from '../../src/domain/handover/lifecycle';

const GRACE = 10;
const booking = (overrides: Partial<StatefulBooking> = {}): StatefulBooking => ({
  date: '2026-11-26',
  start: '10:00',
  end: '12:00',
  endDate: '2026-11-26',
  cancelled: false,
  stage: 'booked',
  ...overrides,
});
const at = (time: string, date = '2026-11-26') => ({ date, time });

describe('bookingState', () => {
  it.each([
    ['before its start', booking(), at('09:00'), 'Dijadwalkan'],
    ['past its start, pickup not recorded', booking(), at('10:30'), 'Dijadwalkan'],
    ['picked up early, before its start', booking({ stage: 'pickedUp' }), at('09:45'), 'Sedang dipakai'],
    ['picked up, running', booking({ stage: 'pickedUp' }), at('11:00'), 'Sedang dipakai'],
    ['picked up, at its end', booking({ stage: 'pickedUp' }), at('12:00'), 'Sedang dipakai'],
    ['picked up, grace − 1 minute past its end', booking({ stage: 'pickedUp' }), at('12:09'), 'Sedang dipakai'],
    ['picked up, exactly the grace past its end', booking({ stage: 'pickedUp' }), at('12:10'), 'Sedang dipakai'],
    ['picked up, grace + 1 minute past its end', booking({ stage: 'pickedUp' }), at('12:11'), 'Terlambat 11 menit'],
    ['picked up, late into the next day', booking({ stage: 'pickedUp' }), at('00:30', '2026-11-27'), 'Terlambat 750 menit'],
    ['returned early (its end moved to the return)', booking({ stage: 'returned', end: '11:00' }), at('11:30'), 'Selesai'],
    ['returned late', booking({ stage: 'returned', end: '12:40' }), at('13:00'), 'Selesai'],
    ['released after a no-show', booking({ stage: 'released', end: '10:30' }), at('10:31'), 'Tidak diambil'],
    ['cancelled', booking({ cancelled: true }), at('09:00'), 'Dibatalkan'],
    ['cancelled, even if picked up', booking({ cancelled: true, stage: 'pickedUp' }), at('13:00'), 'Dibatalkan'],
    [
      'an overnight voucher loan running past midnight',
      booking({ start: '21:00', end: '03:00', endDate: '2026-11-27', stage: 'pickedUp' }),
      at('01:00', '2026-11-27'),
      'Sedang dipakai',
    ],
    [
      'an overnight voucher loan late in the morning',
      booking({ start: '21:00', end: '03:00', endDate: '2026-11-27', stage: 'pickedUp' }),
      at('03:11', '2026-11-27'),
      'Terlambat 11 menit',
    ],
  ])('%s: %s', (_case, subject, now, label) => {
    expect(bookingStateLabel(bookingState(subject, now, GRACE))).toBe(label);
  });
});

describe('the rest of a slot freed by a return or a release', () => {
  it('starts at the next whole minute, never before the booking’s start', () => {
    expect(freedAt(new Date('2026-11-26T04:07:30.000Z')).toISOString()).toBe('2026-11-26T04:08:00.000Z');
    expect(freedAt(new Date('2026-11-26T04:07:00.000Z')).toISOString()).toBe('2026-11-26T04:07:00.000Z');
    expect(freedEnd(booking(), at('11:08'))).toEqual({ end: '11:08', endDate: '2026-11-26' });
    expect(freedEnd(booking(), at('09:50'))).toEqual({ end: '10:00', endDate: '2026-11-26' });
    expect(freedEnd(booking(), at('00:20', '2026-11-27'))).toEqual({ end: '00:20', endDate: '2026-11-27' });
  });
});

describe('what the owner is asked, and when', () => {
  it('asks about a no-show from start + NO_SHOW_MINUTES, and only while nothing is recorded', () => {
    expect(isNoShowDue(booking(), at('10:29'), 30)).toBe(false);
    expect(isNoShowDue(booking(), at('10:30'), 30)).toBe(true);
    expect(isNoShowDue(booking({ stage: 'pickedUp' }), at('10:30'), 30)).toBe(false);
    expect(isNoShowDue(booking({ cancelled: true }), at('10:30'), 30)).toBe(false);
  });

  it('asks whether the bike is back at the planned end, unless it is back or released', () => {
    expect(isReturnQuestionDue(booking({ stage: 'pickedUp' }), at('11:59'))).toBe(false);
    expect(isReturnQuestionDue(booking({ stage: 'pickedUp' }), at('12:00'))).toBe(true);
    expect(isReturnQuestionDue(booking({ stage: 'returned', end: '11:00' }), at('12:00'))).toBe(false);
    expect(isReturnQuestionDue(booking({ stage: 'released', end: '10:30' }), at('12:00'))).toBe(false);
  });
});

describe('a late bike and the next borrowers', () => {
  const late = booking({ stage: 'pickedUp' });
  it('refuses a new booking starting within 3 hours while a loan is late, and none once it is not', () => {
    expect(startsWhileLate(at('14:00'), at('12:11'), [late], GRACE)).toBe(true);
    expect(startsWhileLate(at('15:11'), at('12:11'), [late], GRACE)).toBe(false);
    expect(startsWhileLate(at('12:30'), at('12:10'), [late], GRACE)).toBe(false);
    expect(startsWhileLate(at('12:30'), at('12:11'), [booking({ stage: 'returned', end: '12:05' })], GRACE)).toBe(false);
  });

  it('warns the borrower of a booking starting within 3 hours', () => {
    expect(waitsForLateBike(booking({ start: '13:00', end: '14:00' }), [late], at('12:11'), GRACE)).toBe(true);
    expect(waitsForLateBike(booking({ start: '15:12', end: '16:00' }), [late], at('12:11'), GRACE)).toBe(false);
    expect(waitsForLateBike(booking({ start: '13:00', end: '14:00' }), [late], at('12:10'), GRACE)).toBe(false);
  });
});

describe('kilometres and who recorded', () => {
  it('refuses kilometres below the last known, in Indonesian digits', () => {
    expect(checkKilometres(12_344, 12_345, 'owner')).toEqual({ ok: false, message: 'Kilometer tidak boleh lebih kecil dari 12.345 km' });
    expect(checkKilometres(12_345, 12_345, 'borrower')).toEqual({ ok: true });
    expect(checkKilometres(5, null, 'borrower')).toEqual({ ok: true });
  });

  it('refuses a borrower’s or the owner’s reading more than 500 km above the last; an admin’s may be', () => {
    const tooFar = { ok: false, message: 'Kilometer terlalu jauh dari catatan terakhir (12.345 km).' };
    expect(checkKilometres(12_845, 12_345, 'borrower')).toEqual({ ok: true });
    expect(checkKilometres(12_846, 12_345, 'borrower')).toEqual(tooFar);
    expect(checkKilometres(9_999_999, 12_345, 'owner')).toEqual(tooFar);
    expect(checkKilometres(9_999_999, 12_345, 'admin')).toEqual({ ok: true });
    expect(checkKilometres(12_000, 12_345, 'admin').ok).toBe(false);
  });

  it('names the recorder as the issue does', () => {
    expect(recorderLabel({ kind: 'owner', name: null })).toBe('pemilik');
    expect(recorderLabel({ kind: 'borrower', name: null })).toBe('peminjam');
    expect(recorderLabel({ kind: 'admin', name: 'Dewi' })).toBe('admin Dewi');
  });
});
