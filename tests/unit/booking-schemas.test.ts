import { describe, expect, it } from 'vitest';
import { createBookingRequestSchema, listBookingsQuerySchema } from '../../src/domain/schemas/booking-requests';
import { fieldErrorsFromZod } from '../../src/domain/text/field-errors';

const valid = { name: 'Budi', date: '2026-11-23', start: '08:00', end: '10:00', reason: 'Kuliah', needStnk: 'ya' };

function errorsOf(body: unknown): Record<string, string> {
  const result = createBookingRequestSchema.safeParse(body);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

describe('the booking request shape', () => {
  it('accepts a full form, and an absent STNK choice as no choice', () => {
    expect(createBookingRequestSchema.parse(valid)).toEqual({ ...valid, purpose: 'personal' });
    const { needStnk: _omitted, ...withoutStnk } = valid;
    expect(createBookingRequestSchema.parse(withoutStnk).needStnk).toBe('');
  });

  it('lets empty fields through, for the rules to report them as required', () => {
    expect(errorsOf({ name: '', date: '', start: '', end: '', reason: '', needStnk: '' })).toEqual({});
  });

  it.each([
    [{ name: 123 }, { name: 'Nama peminjam tidak valid' }],
    [{ name: 'x'.repeat(101) }, { name: 'Nama peminjam terlalu panjang (maks 100 karakter)' }],
    [{ reason: 'x'.repeat(501) }, { reason: 'Alasan peminjaman terlalu panjang (maks 500 karakter)' }],
    [{ date: '2026-02-30' }, { date: 'Tanggal tidak valid' }],
    [{ date: 20261123 }, { date: 'Tanggal tidak valid' }],
    [{ start: '24:00' }, { start: 'Jam mulai tidak valid (format JJ:MM)' }],
    [{ start: '7:5' }, { start: 'Jam mulai tidak valid (format JJ:MM)' }],
    [{ end: '25:99' }, { end: 'Jam selesai tidak valid (format JJ:MM)' }],
    [{ needStnk: true }, { needStnk: 'Butuh STNK tidak valid' }],
    [{ extra: 1 }, { extra: 'Kolom extra tidak dikenal' }],
  ])('refuses %o', (change, expected) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(expected);
  });

  it('accepts a name of exactly 100 and a reason of exactly 500 characters', () => {
    expect(errorsOf({ ...valid, name: 'x'.repeat(100), reason: 'x'.repeat(500) })).toEqual({});
  });

  it('reports a missing key with the field’s required message', () => {
    expect(errorsOf({ needStnk: '' })).toEqual({
      name: 'Nama peminjam harus diisi',
      date: 'Tanggal peminjaman harus diisi',
      start: 'Jam mulai harus diisi',
      end: 'Jam selesai harus diisi',
      reason: 'Alasan peminjaman harus diisi',
    });
  });
});

describe('the list query', () => {
  it.each([
    [{}, 'Tanggal peminjaman harus diisi'],
    [{ date: '' }, 'Tanggal peminjaman harus diisi'],
    [{ date: '2026-02-30' }, 'Tanggal tidak valid'],
  ])('refuses %o', (query, message) => {
    const result = listBookingsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsFromZod(result.error)).toEqual({ date: message });
  });
});
