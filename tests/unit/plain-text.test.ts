import { describe, expect, it } from 'vitest';
import { hasControlCharacter, hasLineBreakOrControl, plainText } from '../../src/domain/text/plain-text';

describe('hasControlCharacter', () => {
  it.each(['\u0000', '\u0001', '\u001b', '\r', '\u000b', '\u000c', '\u007f', '\u0085', '\u009f'])('finds %j', (char) => {
    expect(hasControlCharacter(`a${char}b`)).toBe(true);
  });

  it.each([
    '\u200b',
    '\u200c',
    '\u200d',
    '\u200e',
    '\u200f',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\ufeff',
  ])('finds the invisible format character %j', (char) => {
    expect(hasControlCharacter(`a${char}b`)).toBe(true);
    expect(hasLineBreakOrControl(`a${char}b`)).toBe(true);
  });

  it.each(['Budi Santoso', 'baris satu\nbaris dua', 'kolom\tkolom', 'Ömer Çelik 😀', '\u00a0', '\u2028', ''])('allows %j', (text) => {
    expect(hasControlCharacter(text)).toBe(false);
  });
});

describe('plainText', () => {
  it('refuses a control character with a message naming the field', () => {
    const result = plainText('Alasan').safeParse('x\u0000y');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Alasan berisi karakter yang tidak diizinkan']);
    expect(plainText('Alasan').parse('x\ny')).toBe('x\ny');
    expect(
      plainText('Alasan')
        .safeParse('kuliah \u202Eslaw')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['Alasan berisi karakter yang tidak diizinkan']);
  });
});
