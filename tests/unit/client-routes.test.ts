import { describe, expect, it } from 'vitest';
import { bookingFormPath, bookingFormPrefill, isClientRoute } from '../../src/domain/booking/client-routes';

describe('the client routes', () => {
  it.each([
    '/',
    '/peraturan',
    '/peraturan/',
    '/form',
    '/login',
    '/generate',
    '/admin/peminjaman',
    '/admin/anggota',
    '/admin/riwayat',
    '/admin/motor',
    '/admin/kas',
    '/batal',
    '/batal/',
    '/batal/ABCdef012-_',
  ])('has a page at %s', (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each(['/tidak-ada', '/admin', '/batal/abc=', '/batal/a/b', '//', '/form/x'])('has no page at %s', (path) => {
    expect(isClientRoute(path)).toBe(false);
  });
});

describe('the form’s query', () => {
  it('writes the day and times as they read, colons unescaped', () => {
    expect(bookingFormPath('2026-11-23', '13:00', '15:00')).toBe('/form?tanggal=2026-11-23&mulai=13:00&selesai=15:00');
  });

  it('reads them back', () => {
    expect(bookingFormPrefill(new URLSearchParams('tanggal=2026-11-23&mulai=13:00&selesai=15%3A00'))).toEqual({
      date: '2026-11-23',
      start: '13:00',
      end: '15:00',
    });
  });

  it('ignores what is not a date or a time', () => {
    expect(bookingFormPrefill(new URLSearchParams('tanggal=2026-02-30&mulai=25:00&selesai=3pm'))).toEqual({});
    expect(bookingFormPrefill(new URLSearchParams(''))).toEqual({});
  });
});
