import { describe, expect, it } from 'vitest';
import { type HandoverFormInput, readHandoverForm, readKilometres } from '../../src/domain/handover/handover-form';

const form = (overrides: Partial<HandoverFormInput>): HandoverFormInput => ({
  event: 'return',
  fuel: '',
  km: '',
  note: '',
  stnkBack: false,
  needStnk: false,
  fuelRequired: true,
  ...overrides,
});

describe('a handover form read into a request', () => {
  it('asks the fuel of the borrower, at pickup and at return', () => {
    expect(readHandoverForm(form({ event: 'pickup' }))).toEqual({ ok: false, errors: { fuel: 'Pilih sisa bensin' } });
    expect(readHandoverForm(form({}))).toEqual({ ok: false, errors: { fuel: 'Pilih sisa bensin' } });
    expect(readHandoverForm(form({ fuelRequired: false }))).toEqual({ ok: true, details: { note: '' } });
  });

  it('keeps only the fuel of a pickup and nothing of a release', () => {
    expect(readHandoverForm(form({ event: 'pickup', fuel: '3/4', km: '12', note: 'baret', stnkBack: true, needStnk: true }))).toEqual({
      ok: true,
      details: { fuel: '3/4' },
    });
    expect(readHandoverForm(form({ event: 'release', fuel: '3/4' }))).toEqual({ ok: true, details: {} });
  });

  it('reads a return: kilometres as a whole number, the note trimmed (an emptied one sent, to clear it), STNK only when the booking needed it', () => {
    expect(readHandoverForm(form({ fuel: 'Hampir habis', km: ' 12345 ', note: '  spion kiri longgar ' }))).toEqual({
      ok: true,
      details: { fuel: 'Hampir habis', km: 12345, note: 'spion kiri longgar' },
    });
    expect(readHandoverForm(form({ fuel: 'Penuh', needStnk: true }))).toEqual({
      ok: true,
      details: { fuel: 'Penuh', note: '', stnkBack: false },
    });
    expect(readHandoverForm(form({ fuel: 'Penuh', stnkBack: true, note: '   ' }))).toEqual({
      ok: true,
      details: { fuel: 'Penuh', note: '' },
    });
  });

  it('refuses kilometres that are not a whole number and a note over 500 characters, under their fields', () => {
    for (const km of ['12.5', '-3', 'abc', '99999999'])
      expect(readHandoverForm(form({ fuel: 'Penuh', km }))).toEqual({ ok: false, errors: { km: 'Kilometer harus berupa angka bulat' } });
    expect(readHandoverForm(form({ fuel: 'Penuh', note: 'x'.repeat(501) }))).toEqual({
      ok: false,
      errors: { note: 'Catatan kondisi maksimal 500 karakter' },
    });
  });

  it('ignores a fuel value that is not one of the five levels', () => {
    expect(readHandoverForm(form({ fuel: 'setengah' }))).toEqual({ ok: false, errors: { fuel: 'Pilih sisa bensin' } });
  });
});

describe('kilometres as typed', () => {
  it('reads empty as none, digits as a number, anything else as not a number', () => {
    expect(readKilometres('  ')).toBeNull();
    expect(readKilometres(' 0 ')).toBe(0);
    expect(readKilometres('9999999')).toBe(9_999_999);
    expect(readKilometres('10000000')).toBeUndefined();
    expect(readKilometres('1.000')).toBeUndefined();
  });
});
