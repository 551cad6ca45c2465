import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../../src/domain/text/money';
import { addDays, appClockAt, appMomentAt, formatDateRange, formatIndonesianDate, formatShortWeekday } from '../../src/domain/time/clock';

// The app writes Indonesian dates from its own tables (docs/decisions/0027); Intl's id-ID output
// is the reference they are held to, day by day.
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const longDate = new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortWeekday = new Intl.DateTimeFormat('id-ID', { weekday: 'short', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const DAYS = Array.from({ length: 4 * 366 }, (_, index) => addDays('2025-01-01', index));

describe('Indonesian dates without Intl', () => {
  it('writes every day of four years as Intl writes it for id-ID', () => {
    for (const date of DAYS) {
      expect(formatIndonesianDate(date)).toBe(longDate.format(utc(date)));
      expect(formatShortWeekday(date)).toBe(shortWeekday.format(utc(date)));
    }
  });

  it('writes every week of four years, and ranges across months and years, as Intl formatRange does', () => {
    for (const from of DAYS) {
      for (const length of [0, 6, 40, 400]) {
        const to = addDays(from, length);
        expect(formatDateRange(from, to)).toBe(shortDate.formatRange(utc(from), utc(to)));
      }
    }
  });

  it('keeps years before 100 as they are', () => {
    expect(formatIndonesianDate('0005-01-01')).toBe('Sabtu, 1 Januari 5');
  });

  it('parts thousands of rupiah with dots', () => {
    for (const amount of [0, 5, 999, 1000, 10_000, 123_456, 1_500_000, 987_654_321])
      expect(formatRupiah(amount)).toBe(`Rp${new Intl.NumberFormat('id-ID').format(amount)}`);
  });
});

describe('the app clock a page is given', () => {
  const clock = appClockAt('Asia/Jakarta', new Date('2026-11-24T16:59:30.000Z'));

  it('says the date and time in the app zone at the instant', () => {
    expect(clock).toEqual({ today: '2026-11-24', timeZone: 'Asia/Jakarta', now: '2026-11-24T16:59:30.000Z', time: '23:59' });
  });

  it('is the server’s word within the same minute', () => {
    expect(appMomentAt(clock, new Date('2026-11-24T16:59:59.999Z'))).toEqual({ date: '2026-11-24', time: '23:59' });
  });

  it('moves on to the next minute, and past midnight, in the app zone', () => {
    expect(appMomentAt(clock, new Date('2026-11-24T17:00:00.000Z'))).toEqual({ date: '2026-11-25', time: '00:00' });
  });

  it('reads the zone for a minute the server did not give, in a zone with half-hour offsets too', () => {
    const kathmandu = appClockAt('Asia/Kathmandu', new Date('2026-11-24T18:14:00.000Z'));
    expect(kathmandu.time).toBe('23:59');
    expect(appMomentAt(kathmandu, new Date('2026-11-24T18:15:00.000Z'))).toEqual({ date: '2026-11-25', time: '00:00' });
  });
});
