import { describe, expect, it } from 'vitest';
import { keyInfoLines, keyInfoOf, motorSettingsRequestSchema, whatsAppDigits, whatsAppLink } from '../../src/domain/motor/key-place';

describe('a WhatsApp number for wa.me (0051)', () => {
  it.each([
    ['0812 3456 7890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['+62 (812) 3456.7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['  081234567890  ', '6281234567890'],
    ['+60 12-345 6789', '60123456789'],
  ])('reads %j as %s', (typed, digits) => {
    expect(whatsAppDigits(typed)).toBe(digits);
    expect(whatsAppLink(digits)).toBe(`https://wa.me/${digits}`);
  });

  it.each(['', '0812', 'nomor saya', '+0812345678901', '0812345678901234567', '08123abc4567', '+62 812 3456 7890 ext 1'])(
    'refuses %j',
    (typed) => {
      expect(whatsAppDigits(typed)).toBeUndefined();
    },
  );

  it('takes an empty contact as none, and any other text must be a number', () => {
    expect(motorSettingsRequestSchema.safeParse({ keyPlace: '', ownerContact: '' }).success).toBe(true);
    expect(motorSettingsRequestSchema.safeParse({ keyPlace: '', ownerContact: '   ' }).success).toBe(true);
    expect(motorSettingsRequestSchema.safeParse({ keyPlace: '', ownerContact: 'x' }).success).toBe(false);
  });

  it('tells nothing when nothing is set, and each line set', () => {
    expect(keyInfoLines(keyInfoOf({ keyPlace: null, ownerWhatsApp: null }))).toEqual([]);
    expect(keyInfoLines(keyInfoOf({ keyPlace: '', ownerWhatsApp: '6281234567890' }))).toEqual([
      'Kontak pemilik: +6281234567890 (WhatsApp https://wa.me/6281234567890)',
    ]);
  });
});
