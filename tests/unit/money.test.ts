import { describe, expect, it } from 'vitest';
import { formatRupiah, formatSignedRupiah } from '../../src/domain/text/money';

describe('money', () => {
  it('writes money the Indonesian way', () => {
    expect(formatRupiah(10_000)).toBe('Rp10.000');
    expect(formatRupiah(1_500_000)).toBe('Rp1.500.000');
  });

  it('writes a balance below zero with the minus each place has always shown', () => {
    expect(formatSignedRupiah(-2_500, 'chat')).toBe('-Rp2.500');
    expect(formatSignedRupiah(-2_500, 'console')).toBe('\u2212Rp2.500');
    for (const style of ['chat', 'console'] as const) {
      expect(formatSignedRupiah(15_000, style)).toBe('Rp15.000');
      expect(formatSignedRupiah(0, style)).toBe('Rp0');
    }
  });
});
