import { describe, expect, it } from 'vitest';
import {
  holdsVoucherCodeAmongWords,
  looksLikeVoucherCode,
  makeVoucherCode,
  normalizeVoucherCode,
  VOUCHER_ALPHABET,
} from '../../src/domain/booking/voucher-code';

describe('what looks like a voucher code', () => {
  it.each(['VCH-AB12CD', 'vch-ab12cd', 'Vch-Zz9zZ9', '  VCH-ZZZZZ9 \n', '\tvch-000000'])('%j looks like a code', (reason) => {
    expect(looksLikeVoucherCode(reason)).toBe(true);
  });

  it.each(['VCH-AB12C', 'VCH-AB12CDE', 'VCH-AB12CD please', 'pakai VCH-AB12CD', 'VCH AB12CD', 'VCH-AB 2CD', 'VCH-ÄB12CD', 'Ke kampus', ''])(
    '%j does not',
    (reason) => {
      expect(looksLikeVoucherCode(reason)).toBe(false);
    },
  );

  it('normalizes a code to how it is stored: trimmed and uppercase', () => {
    expect(normalizeVoucherCode('  vch-ab12cd \n')).toBe('VCH-AB12CD');
  });
});

describe('new voucher codes', () => {
  it('draw from uppercase letters and digits without 0, O, 1 and I', () => {
    expect(VOUCHER_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(VOUCHER_ALPHABET).not.toContain(lookAlike);
    expect(VOUCHER_ALPHABET).toHaveLength(32);
  });

  it('are VCH- and 6 characters of that alphabet, every character reachable', () => {
    let counter = 0;
    const bytes = (size: number) => Uint8Array.from({ length: size }, () => counter++ % 256);
    const seen = new Set<string>();
    for (let index = 0; index < 40; index++) {
      const code = makeVoucherCode(bytes);
      expect(code).toMatch(/^VCH-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
      for (const character of code.slice(4)) seen.add(character);
    }
    expect(seen.size).toBe(32);
  });
});

describe('a code with words around it', () => {
  it.each(['pakai voucher VCH-AB12CD', 'VCH-AB12CD tolong', 'kode: vch-ab12cd.', '(VCH-AB12CD)'])('%j holds one', (reason) => {
    expect(holdsVoucherCodeAmongWords(reason)).toBe(true);
  });

  it.each(['VCH-AB12CD', '  vch-ab12cd ', 'Ke kampus', 'VCH-AB12CDE lagi', 'XVCH-AB12CD', 'pakai VCH-AB12C', ''])(
    '%j does not',
    (reason) => {
      expect(holdsVoucherCodeAmongWords(reason)).toBe(false);
    },
  );
});
