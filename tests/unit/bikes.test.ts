import { describe, expect, it } from 'vitest';
import { bikeCandidates, leavesNoActiveBike, movedOrder, namesBikes } from '../../src/domain/motor/bikes';

const bike = (id: number, active = true) => ({ id, name: `Motor ${id}`, plate: '', active });

describe('several bikes', () => {
  it('Motor mana saja tries the active bikes in the given order; a chosen bike only itself', () => {
    const bikes = [bike(3), bike(1, false), bike(2)];
    expect(bikeCandidates(bikes, undefined)).toEqual({ kind: 'candidates', bikes: [bike(3), bike(2)] });
    expect(bikeCandidates(bikes, 2)).toEqual({ kind: 'candidates', bikes: [bike(2)] });
  });

  it('refuses an inactive or unknown chosen bike, and any bike when none is active', () => {
    const refused = { kind: 'refused', error: 'Motor ini tidak menerima peminjaman. Pilih motor lain atau Motor mana saja.' };
    expect(bikeCandidates([bike(1), bike(2, false)], 2)).toEqual(refused);
    expect(bikeCandidates([bike(1)], 7)).toEqual(refused);
    expect(bikeCandidates([bike(1, false)], undefined)).toEqual({ kind: 'refused', error: 'Belum ada motor yang aktif. Hubungi admin.' });
  });

  it('names bikes only when two or more are active', () => {
    expect(namesBikes([bike(1)])).toBe(false);
    expect(namesBikes([bike(1), bike(2, false)])).toBe(false);
    expect(namesBikes([bike(1), bike(2)])).toBe(true);
  });

  it('moves a bike one place, never past either end', () => {
    expect(movedOrder([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, 'down')).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2], 9, 'up')).toEqual([1, 2]);
  });

  it('keeps one bike active', () => {
    expect(leavesNoActiveBike([bike(1), bike(2, false)], 1, false)).toBe(true);
    expect(leavesNoActiveBike([bike(1), bike(2)], 1, false)).toBe(false);
    expect(leavesNoActiveBike([bike(1)], 1, true)).toBe(false);
  });
});
