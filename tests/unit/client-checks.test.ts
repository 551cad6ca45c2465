import { describe, expect, it } from 'vitest';
import {
  checkOnClient,
  firstErrorField,
  purposeFor,
  rentEstimate,
  splitServerErrors,
  withVoucherEnd,
} from '../../src/client/features/booking/client-checks';
import { findRosterEntry, matchingNames } from '../../src/client/features/booking/roster';
import type { BookingInput } from '../../src/domain/booking/booking-rules';

const ROSTER = [
  { name: 'Budi Santoso', class: 'PPTI 21' },
  { name: 'Rizky Maulana', class: 'PPTI 22' },
];
const TODAY = '2026-11-22';
const VALID: BookingInput = { name: 'Budi Santoso', date: TODAY, start: '08:00', end: '10:00', reason: 'kuliah', needStnk: '' };

describe('the checks the form runs before asking the server', () => {
  it('passes a valid booking', () => {
    expect(checkOnClient(VALID, ROSTER, TODAY)).toEqual({});
  });

  it('reports every missing field at once, and not the optional STNK choice', () => {
    expect(checkOnClient({ name: ' ', date: '', start: '', end: '', reason: '', needStnk: '' }, ROSTER, TODAY)).toEqual({
      name: 'Nama peminjam harus diisi',
      date: 'Tanggal peminjaman harus diisi',
      start: 'Jam mulai harus diisi',
      end: 'Jam selesai harus diisi',
      reason: 'Alasan peminjaman harus diisi',
    });
  });

  it('reports a name not on the roster, beside the missing fields', () => {
    expect(checkOnClient({ ...VALID, name: 'Orang Asing', reason: '' }, ROSTER, TODAY)).toEqual({
      name: 'Nama peminjam tidak ditemukan',
      reason: 'Alasan peminjaman harus diisi',
    });
  });

  it('reports every error at once on Simpan: an unknown name, a missing reason and the time rule, each at its field (issue 42)', () => {
    expect(checkOnClient({ ...VALID, name: 'Bdi Santoso', reason: '', end: '07:00' }, ROSTER, TODAY)).toEqual({
      name: 'Nama peminjam tidak ditemukan',
      reason: 'Alasan peminjaman harus diisi',
      end: 'Jam selesai harus lebih besar dari jam mulai',
    });
    expect(checkOnClient({ ...VALID, name: '', date: '2026-11-21' }, ROSTER, TODAY)).toEqual({
      name: 'Nama peminjam harus diisi',
      date: 'Tanggal tidak boleh di masa lalu',
    });
    // No class is known for a name off the roster: no class limit is guessed for it.
    expect(checkOnClient({ ...VALID, name: 'Orang Asing', end: '13:00' }, ROSTER, TODAY)).toEqual({
      name: 'Nama peminjam tidak ditemukan',
    });
  });

  it('adds the overlap and the name’s daily total once the day’s list is read, and no daily total for a name off the roster', () => {
    const booking = (name: string, start: string, end: string) => ({
      name,
      class: 'PPTI 21',
      start,
      end,
      continuesFromPreviousDay: false,
      continuesNextDay: false,
      stage: 'booked' as const,
    });
    const day = { date: TODAY, bookings: [booking('budi santoso', '08:00', '10:00'), booking('Rizky Maulana', '13:00', '14:00')] };
    const wanted = { ...VALID, start: '12:00', end: '15:00', reason: '' };
    expect(checkOnClient(wanted, ROSTER, TODAY, undefined, day)).toEqual({
      start: 'Bentrok dengan jadwal lain (13:00 - 14:00)',
      end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)',
      reason: 'Alasan peminjaman harus diisi',
    });
    expect(checkOnClient(wanted, ROSTER, TODAY, undefined, { ...day, date: '2026-11-23' })).toEqual({
      reason: 'Alasan peminjaman harus diisi',
    });
    expect(checkOnClient({ ...wanted, name: 'Orang Asing' }, ROSTER, TODAY, undefined, day)).toEqual({
      name: 'Nama peminjam tidak ditemukan',
      start: 'Bentrok dengan jadwal lain (13:00 - 14:00)',
      reason: 'Alasan peminjaman harus diisi',
    });
    const overnight = { ...booking('Rizky Maulana', '22:00', '04:00'), continuesFromPreviousDay: true };
    expect(
      checkOnClient({ ...VALID, start: '03:00', end: '05:00' }, ROSTER, TODAY, undefined, { date: TODAY, bookings: [overnight] }),
    ).toEqual({
      start: 'Bentrok dengan jadwal lain (22:00 - 04:00)',
    });
  });

  it('leaves the name to the server when the roster is not loaded', () => {
    expect(checkOnClient({ ...VALID, name: 'Orang Asing', end: '07:00' }, undefined, TODAY)).toEqual({});
  });

  it('applies the booking rules with the class of the name as typed, in any case', () => {
    expect(checkOnClient({ ...VALID, name: '  rizky maulana ', end: '11:30' }, ROSTER, TODAY)).toEqual({
      end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
    });
    expect(checkOnClient({ ...VALID, date: '2026-11-21' }, ROSTER, TODAY)).toEqual({ date: 'Tanggal tidak boleh di masa lalu' });
    expect(checkOnClient({ ...VALID, end: '08:00' }, ROSTER, TODAY)).toEqual({ end: 'Jam selesai harus lebih besar dari jam mulai' });
  });

  it("refuses today's start more than 15 minutes before the server's clock, a voucher's too, and leaves it to the server without one", () => {
    expect(checkOnClient({ ...VALID, start: '09:45', end: '11:00' }, ROSTER, TODAY, '10:00')).toEqual({});
    expect(checkOnClient({ ...VALID, start: '09:44', end: '11:00' }, ROSTER, TODAY, '10:00')).toEqual({ start: 'Jam mulai sudah lewat' });
    expect(checkOnClient({ ...VALID, start: '09:44', reason: 'VCH-AB12CD' }, ROSTER, TODAY, '10:00')).toEqual({
      start: 'Jam mulai sudah lewat',
    });
    expect(checkOnClient({ ...VALID, start: '09:44', end: '11:00' }, ROSTER, TODAY)).toEqual({});
  });

  it('skips the rules for a reason that looks like a voucher code, which only the server can judge', () => {
    expect(checkOnClient({ ...VALID, end: '07:00', reason: ' VCH-AB12CD ' }, ROSTER, TODAY)).toEqual({});
    expect(checkOnClient({ ...VALID, end: '07:00', reason: 'vch-ab12cd' }, ROSTER, TODAY)).toEqual({});
    expect(checkOnClient({ ...VALID, end: '07:00', reason: 'VCH-AB12CD tolong' }, ROSTER, TODAY)).toEqual({
      end: 'Jam selesai harus lebih besar dari jam mulai',
    });
  });

  it('leaves the rules to the server when today is not known', () => {
    expect(checkOnClient({ ...VALID, end: '07:00' }, ROSTER, undefined)).toEqual({});
  });
});

describe('where errors go', () => {
  it('focuses the first field with an error in screen order', () => {
    expect(firstErrorField({ reason: 'x', date: 'y', end: 'z' })).toBe('date');
    expect(firstErrorField({})).toBeUndefined();
  });

  it('keeps server errors about the form’s fields apart from the others', () => {
    expect(splitServerErrors({ start: 'a', needStnk: 'b', extra: 'c', _: 'd' })).toEqual({
      fields: { start: 'a', needStnk: 'b' },
      other: ['c', 'd'],
    });
  });
});

describe('the roster type-ahead', () => {
  it('matches part of a name anywhere, case-insensitively, and every name for no text', () => {
    expect(matchingNames(ROSTER, 'AN').map((entry) => entry.name)).toEqual(['Budi Santoso', 'Rizky Maulana']);
    expect(matchingNames(ROSTER, ' maul').map((entry) => entry.name)).toEqual(['Rizky Maulana']);
    expect(matchingNames(ROSTER, '')).toEqual(ROSTER);
  });

  it('finds the entry of a full name only', () => {
    expect(findRosterEntry(ROSTER, 'budi santoso ')?.class).toBe('PPTI 21');
    expect(findRosterEntry(ROSTER, 'budi')).toBeUndefined();
    expect(findRosterEntry(ROSTER, '')).toBeUndefined();
    expect(findRosterEntry(undefined, 'Budi Santoso')).toBeUndefined();
  });

  it('matches names with non-ASCII capitals as the server does', () => {
    const roster = [...ROSTER, { name: 'Ömer Çelik', class: 'PPTI 21' }, { name: 'Straße Budi', class: 'PPTI 22' }];
    expect(matchingNames(roster, 'ömer ç').map((entry) => entry.name)).toEqual(['Ömer Çelik']);
    expect(matchingNames(roster, 'STRASS').map((entry) => entry.name)).toEqual(['Straße Budi']);
    expect(findRosterEntry(roster, 'ÖMER  ÇELIK')?.name).toBe('Ömer Çelik');
  });
});

describe('the purpose and the rent estimate before Simpan (issue 25)', () => {
  const roster = [...ROSTER, { name: 'Sari Panitia', class: 'PPTI 22', committee: true }];
  const rizky = { ...VALID, name: 'Rizky Maulana', start: '09:00', end: '11:00' };

  it('estimates another class’s rent from the booked hours, Gratis under an hour or for food, none for the home class', () => {
    expect(rentEstimate(rizky, roster)).toBe('Perkiraan sewa: Rp20.000');
    expect(rentEstimate({ ...rizky, end: '12:11' }, roster)).toBe('Perkiraan sewa: Rp40.000');
    expect(rentEstimate({ ...rizky, end: '09:50' }, roster)).toBe('Perkiraan sewa: Gratis');
    expect(rentEstimate({ ...rizky, purpose: 'food' }, roster)).toBe('Perkiraan sewa: Gratis');
    expect(rentEstimate({ ...rizky, reason: 'VCH-ABC234' }, roster)).toBe('Perkiraan sewa: Gratis');
    expect(rentEstimate({ ...rizky, name: 'Budi Santoso' }, roster)).toBeUndefined();
    expect(rentEstimate({ ...rizky, end: '' }, roster)).toBeUndefined();
  });

  it('offers Panitia only to a member marked so: anyone else books as Pribadi', () => {
    expect(purposeFor({ ...rizky, purpose: 'committee' }, roster)).toBe('personal');
    expect(purposeFor({ ...rizky, name: 'Sari Panitia', purpose: 'committee' }, roster)).toBe('committee');
    expect(rentEstimate({ ...rizky, name: 'Sari Panitia', purpose: 'committee', end: '14:00' }, roster)).toBe('Perkiraan sewa: Gratis');
    expect(checkOnClient({ ...rizky, name: 'Sari Panitia', purpose: 'committee', end: '14:00' }, roster, TODAY)).toEqual({});
    expect(checkOnClient({ ...rizky, purpose: 'committee', end: '14:00' }, roster, TODAY)).toEqual({
      end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
    });
  });
});

describe("the voucher's end in the form", () => {
  it('is start + 6 hours and locked while Alasan holds a code and Jam Mulai is set, keeping what was typed underneath', () => {
    expect(withVoucherEnd({ ...VALID, start: '09:00', end: '10:30', reason: ' vch-ab12cd ' })).toEqual({
      values: { ...VALID, start: '09:00', end: '15:00', reason: ' vch-ab12cd ' },
      endLocked: true,
    });
    expect(withVoucherEnd({ ...VALID, start: '21:30', end: '', reason: 'VCH-AB12CD' }).values.end).toBe('03:30');
  });

  it('is what was typed without a code, with a code among words, or before Jam Mulai', () => {
    for (const input of [
      { ...VALID, end: '10:30' },
      { ...VALID, end: '10:30', reason: 'pakai VCH-AB12CD' },
      { ...VALID, start: '', end: '10:30', reason: 'VCH-AB12CD' },
    ]) {
      expect(withVoucherEnd(input)).toEqual({ values: input, endLocked: false });
    }
  });
});
