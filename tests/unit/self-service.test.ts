import { describe, expect, it } from 'vitest';
import { lockRemainingMs } from '../../src/domain/admin/admin-limits';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK, feedWindow } from '../../src/domain/booking/calendar-feed';
import {
  CANCEL_TOKEN_LIMIT,
  cancelPagePath,
  cancelTokenFromFragment,
  isWellFormedCancelToken,
} from '../../src/domain/booking/cancel-token';
import { type MyBooking, myBookingsOnCard, parseMyBookings, pruneMyBookings } from '../../src/domain/booking/my-bookings';
import { ownBookingStatus } from '../../src/domain/schemas/own-booking';

const mine = (overrides: Partial<MyBooking>): MyBooking => ({
  token: 'T'.repeat(22),
  date: '2026-11-22',
  start: '08:00',
  end: '10:00',
  endDate: '2026-11-22',
  name: 'Budi Santoso',
  ...overrides,
});

describe('the bookings kept on the device', () => {
  it('reads back only well-formed entries, keeping the others', () => {
    const good = mine({ token: 'a'.repeat(22) });
    expect(parseMyBookings([good, { token: 1 }, null, 'x', { ...good, date: undefined }])).toEqual([good]);
    expect(parseMyBookings({ not: 'a list' })).toEqual([]);
  });

  it('forgets a booking 7 days after it ended, overnight ones by their end', () => {
    const now = { date: '2026-11-30', time: '09:00' };
    const kept = mine({ token: 'k'.repeat(22), date: '2026-11-23', start: '08:00', end: '09:00', endDate: '2026-11-23' });
    const gone = mine({ token: 'g'.repeat(22), date: '2026-11-23', start: '07:00', end: '08:59', endDate: '2026-11-23' });
    const overnight = mine({ token: 'o'.repeat(22), date: '2026-11-22', start: '21:00', end: '03:00', endDate: '2026-11-23' });
    expect(pruneMyBookings([kept, gone, overnight], now)).toEqual([kept]);
  });

  it('calls upcoming only what has not started by the server clock, soonest first', () => {
    const now = { date: '2026-11-22', time: '08:00' };
    const started = mine({ token: 's'.repeat(22), start: '08:00' });
    const later = mine({ token: 'l'.repeat(22), start: '08:01' });
    const tomorrow = mine({ token: 't'.repeat(22), date: '2026-11-23', endDate: '2026-11-23', start: '06:00' });
    const card = myBookingsOnCard([tomorrow, started, later], now);
    expect(card.map((entry) => [entry.booking, entry.upcoming])).toEqual([
      [started, false],
      [later, true],
      [tomorrow, true],
    ]);
  });

  it('asks the handover only of bookings starting within 3 hours, running, or ended less than a day ago', () => {
    const now = { date: '2026-11-22', time: '12:00' };
    const soon = mine({ token: 'a'.repeat(22), start: '15:00', end: '16:00' });
    const later = mine({ token: 'b'.repeat(22), start: '15:01', end: '16:00' });
    const running = mine({ token: 'c'.repeat(22), start: '11:00', end: '13:00' });
    const endedYesterday = mine({ token: 'd'.repeat(22), date: '2026-11-21', endDate: '2026-11-21', start: '11:00', end: '12:01' });
    const endedLongAgo = mine({ token: 'e'.repeat(22), date: '2026-11-21', endDate: '2026-11-21', start: '11:00', end: '12:00' });
    const card = myBookingsOnCard([soon, later, running, endedYesterday, endedLongAgo], now);
    expect(card.map((entry) => [entry.booking.token[0], entry.asksHandover])).toEqual([
      ['d', true],
      ['c', true],
      ['a', true],
      ['b', false],
    ]);
  });
});

describe('a booking seen through its cancel secret', () => {
  const booking = { date: '2026-11-22', start: '10:00', end: '11:00', endDate: '2026-11-22', cancelledAt: null };
  it('is upcoming before its start, started from it on, cancelled once cancelled', () => {
    expect(ownBookingStatus(booking, { date: '2026-11-22', time: '09:59' })).toBe('upcoming');
    expect(ownBookingStatus(booking, { date: '2026-11-22', time: '10:00' })).toBe('started');
    expect(ownBookingStatus(booking, { date: '2026-11-23', time: '00:00' })).toBe('started');
    expect(ownBookingStatus({ ...booking, cancelledAt: '2026-11-22T00:00:00.000Z' }, { date: '2026-11-21', time: '00:00' })).toBe(
      'cancelled',
    );
  });
});

describe('cancel secrets', () => {
  it('are base64url of 22 to 64 characters; anything else is never looked up', () => {
    expect(isWellFormedCancelToken('AbCd_-0123456789xyzQWE')).toBe(true);
    expect(isWellFormedCancelToken('A'.repeat(64))).toBe(true);
    for (const bad of ['', 'A'.repeat(21), 'A'.repeat(65), `${'A'.repeat(21)}=`, `${'A'.repeat(21)}/`, `${'A'.repeat(21)}.`]) {
      expect(isWellFormedCancelToken(bad)).toBe(false);
    }
  });

  it("ride in the cancel link's fragment, which no request carries, and are read back from it", () => {
    const token = 'AbCd_-0123456789xyzQWE';
    expect(cancelPagePath(token)).toBe(`/batal#${token}`);
    expect(cancelTokenFromFragment(new URL(`https://pinjam.example${cancelPagePath(token)}`).hash)).toBe(token);
    expect(cancelTokenFromFragment(token)).toBe(token);
    for (const hash of ['', '#', '#abc', `#${token}.`, `#${token}&x=1`, `##${token}`])
      expect(cancelTokenFromFragment(hash)).toBeUndefined();
  });

  it('lock an address out after 100 unknown ones within an hour (a campus NAT shares one address)', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    expect(
      lockRemainingMs(
        Array.from({ length: 99 }, () => at(1)),
        now,
        CANCEL_TOKEN_LIMIT,
      ),
    ).toBe(0);
    expect(
      lockRemainingMs(
        Array.from({ length: 100 }, (_, index) => at(10 + index / 2)),
        now,
        CANCEL_TOKEN_LIMIT,
      ),
    ).toBe(30_000);
  });
});

describe('the calendar feed window', () => {
  it('runs from 7 days back to 60 ahead, across months', () => {
    expect([FEED_DAYS_BACK, FEED_DAYS_AHEAD]).toEqual([7, 60]);
    expect(feedWindow('2026-11-22')).toEqual({ from: '2026-11-15', to: '2027-01-21' });
  });
});
