import { describe, expect, it } from 'vitest';
import { linkedDayRange } from '../../src/client/features/admin/bookings-link';
import { classChoice, classKey } from '../../src/domain/admin/member-class';

describe('one class, one spelling', () => {
  it('keys a class without case or spaces', () => {
    for (const spelling of ['PPTI 21', 'ppti21', 'PPTI  21', ' ppti 21 ', 'Ppti\u00a021']) expect(classKey(spelling)).toBe('ppti21');
    expect(classKey('PPTI 12')).not.toBe(classKey('PPTI 21'));
  });

  it('tells an existing class, a new one, and an existing one spelled otherwise', () => {
    const roster = ['PPTI 21', 'PPTI 22'];
    expect(classChoice(roster, ' PPTI 21 ')).toEqual({ kind: 'existing', class: 'PPTI 21' });
    expect(classChoice(roster, 'PPTI 23')).toEqual({ kind: 'new', class: 'PPTI 23' });
    expect(classChoice(roster, 'ppti  22')).toEqual({ kind: 'other-spelling', existing: 'PPTI 22' });
    expect(classChoice([], 'ppti21')).toEqual({ kind: 'new', class: 'ppti21' });
  });
});

describe("the bookings page's linked day", () => {
  it('opens on the day in ?tanggal=, or on the default range when it is not a date', () => {
    expect(linkedDayRange('?tanggal=2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    for (const search of ['', '?tanggal=2026-02-30', '?tanggal=besok']) expect(linkedDayRange(search)).toEqual({ from: '', to: '' });
  });
});
