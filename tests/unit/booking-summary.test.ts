import { describe, expect, it } from 'vitest';
import { bookingSummary, formatDuration } from '../../src/domain/booking/booking-summary';

describe('the duration', () => {
  it.each([
    [150, '2 jam 30 menit'],
    [120, '2 jam'],
    [45, '45 menit'],
    [61, '1 jam 1 menit'],
    [360, '6 jam'],
  ])('%i minutes read %j', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe("the form's line above Simpan", () => {
  const line = (overrides: Partial<{ date: string; start: string; end: string; reason: string }>) =>
    bookingSummary({ date: '2026-11-27', start: '08:00', end: '10:30', reason: 'Ke kampus', ...overrides });

  it('says the day, the times and how long', () => {
    expect(line({})).toBe('Jumat, 27 November 2026 · 08:00-10:30 (2 jam 30 menit)');
    expect(line({ date: '2026-11-26' })).toBe('Kamis, 26 November 2026 · 08:00-10:30 (2 jam 30 menit)');
    expect(line({ end: '10:00' })).toBe('Jumat, 27 November 2026 · 08:00-10:00 (2 jam)');
    expect(line({ end: '08:45' })).toBe('Jumat, 27 November 2026 · 08:00-08:45 (45 menit)');
  });

  it.each([
    ['no date', { date: '' }],
    ['an impossible date', { date: '2026-02-30' }],
    ['no start', { start: '' }],
    ['no end', { end: '' }],
    ['an end before the start', { end: '07:00' }],
    ['an end equal to the start', { end: '08:00' }],
  ])('is absent with %s', (_case, overrides) => {
    expect(line(overrides)).toBeUndefined();
  });

  it("for a voucher, shows its 6 hours whatever the end says, past midnight ending on the next day's weekday", () => {
    expect(line({ reason: ' vch-ab12cd ', end: '' })).toBe('Jumat, 27 November 2026 · 08:00-14:00 (6 jam)');
    expect(line({ reason: 'VCH-AB12CD', start: '21:00', end: '07:00' })).toBe('Jumat, 27 November 2026 · 21:00-Sabtu 03:00 (6 jam)');
    expect(line({ reason: 'VCH-AB12CD', date: '2026-11-30', start: '18:00' })).toBe('Senin, 30 November 2026 · 18:00-Selasa 00:00 (6 jam)');
  });
});
