import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../src/domain/text/name-key';

describe('nameKey', () => {
  it.each([
    ['Budi Santoso', 'budi santoso'],
    ['  BUDI santoso ', 'budi santoso'],
    ['Budi \t  Santoso', 'budi santoso'],
    ['\u00a0Budi\u3000Santoso\u2003', 'budi santoso'],
  ])('trims and collapses the spaces of %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it.each([
    ['Ömer Çelik', 'ÖMER ÇELIK', 'ömer çelik', 'ömer  çelik'],
    ['Straße', 'STRASSE', 'strasse', 'STRAẞE'],
    // Greek: final and medial sigma, and the capital, are one letter.
    ['Οδυσσέας Σταύρος', 'ΟΔΥΣΣΈΑΣ ΣΤΑΎΡΟΣ', 'οδυσσέας σταύρος', 'οδυσσέασ σταύροσ'],
    // Turkish: dotted and dotless i, in both cases, are one letter.
    ['Işık Yılmaz', 'IŞIK YILMAZ', 'ışık yılmaz', 'işik yilmaz'],
    ['İlker Güneş', 'İLKER GÜNEŞ', 'ILKER GÜNEŞ', 'ilker güneş'],
    // Composed and decomposed accents (NFC), and the Kelvin and Ångström signs.
    ['Zoë Åberg', 'Zoe\u0308 A\u030aberg', 'ZOË \u212bBERG', 'zoë åberg'],
    ['Kevin', '\u212aevin', 'KEVIN', 'kevin'],
    // Letters with a one-to-many folding.
    ['ﬁrmansyah', 'FIRMANSYAH', 'firmansyah', 'Firmansyah'],
  ])('%j, %j, %j and %j are one name', (...spellings) => {
    const keys = spellings.map(nameKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('turns the Turkish and German examples into the key they are stored under', () => {
    expect(nameKey('ÖMER ÇELIK')).toBe('ömer çelik');
    expect(nameKey('STRAẞE')).toBe('strasse');
    expect(nameKey('ΣΤΑΎΡΟΣ')).toBe('σταύροσ');
    expect(nameKey('Işık')).toBe('işik');
  });

  it.each([
    ['Budi Santoso', 'Budi Santosa'],
    ['Ömer Çelik', 'Omer Celik'],
    ['Budi Santoso', 'BudiSantoso'],
  ])('keeps %j and %j apart', (first, second) => {
    expect(nameKey(first)).not.toBe(nameKey(second));
  });

  it('is its own fixed point', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'Σ', 'σ', 'ς', 'ß', 'ẞ', 'İ', 'ı', 'I', 'Ö', 'o\u0308', 'ﬁ', ' ', '\t') }),
        (name) => {
          const key = nameKey(name);
          expect(nameKey(key)).toBe(key);
        },
      ),
    );
  });

  it('keeps the key of a typed prefix a prefix of the name key, so the type-ahead finds names while they are typed', () => {
    // No combining marks here: NFC rightly joins a letter with the mark typed after it.
    const letters = fc.constantFrom('a', 'Σ', 'σ', 'ς', 'ß', 'ẞ', 'İ', 'ı', 'I', 'Ö', 'ﬁ', ' ');
    fc.assert(
      fc.property(fc.string({ unit: letters }), fc.nat(), (name, cut) => {
        const typed = name.slice(0, cut % (name.length + 1)).trimEnd();
        expect(nameKey(name).startsWith(nameKey(typed))).toBe(true);
      }),
    );
  });
});
