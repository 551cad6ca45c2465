import { describe, expect, it } from 'vitest';
import { editDistance, nextFreeSpan, reasonChips, suggestRosterName } from '../../src/domain/booking/form-help';
import { formHelpMessages } from '../../src/domain/booking/form-help-messages';

const ROSTER = ['Budi Santoso', 'Siti Rahmawati', 'Andi Wijaya', 'Andi Wijoyo'];

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions, and stops past the limit', () => {
    expect(editDistance('budi', 'budi', 2)).toBe(0);
    expect(editDistance('bdi', 'budi', 2)).toBe(1);
    expect(editDistance('bude', 'budi', 2)).toBe(1);
    expect(editDistance('bxxi', 'budi', 2)).toBe(2);
    expect(editDistance('xxxx', 'budi', 2)).toBe(3);
    expect(editDistance('b', 'budi santoso', 2)).toBe(3);
  });
});

describe('suggestRosterName (Maksudnya {nama}?)', () => {
  it('offers the one roster name within two edits, whatever the case and spacing', () => {
    expect(suggestRosterName('Bdi Santoso', ROSTER)).toBe('Budi Santoso');
    expect(suggestRosterName('  budi   santsoo ', ROSTER)).toBe('Budi Santoso');
    expect(suggestRosterName('Siti Rahmawat', ROSTER)).toBe('Siti Rahmawati');
  });

  it('offers nothing three edits away, for a name on the roster, an empty name, or two names as close', () => {
    expect(suggestRosterName('Bdi Sntso', ROSTER)).toBeUndefined();
    expect(suggestRosterName('budi santoso', ROSTER)).toBeUndefined();
    expect(suggestRosterName('  ', ROSTER)).toBeUndefined();
    expect(suggestRosterName('Andi Wijxya', ROSTER)).toBeUndefined();
  });

  it('says it in the issue’s words', () => {
    expect(formHelpMessages.didYouMean('Budi Santoso')).toBe('Maksudnya Budi Santoso?');
    expect(formHelpMessages.offerTimes('11:00', '12:00')).toBe('Pakai jam 11:00 - 12:00');
  });
});

describe('nextFreeSpan (Pakai jam {HH:MM} - {HH:MM})', () => {
  const taken = [
    { from: 10 * 60, to: 11 * 60 },
    { from: 11 * 60 + 30, to: 13 * 60 },
    { from: 14 * 60, to: 15 * 60 },
  ];

  it('is the first span of the same length after a taken span ends', () => {
    expect(nextFreeSpan({ start: '10:30', end: '11:00' }, taken)).toEqual({ start: '11:00', end: '11:30' });
    expect(nextFreeSpan({ start: '10:00', end: '11:00' }, taken)).toEqual({ start: '13:00', end: '14:00' });
    expect(nextFreeSpan({ start: '10:00', end: '12:00' }, taken)).toEqual({ start: '15:00', end: '17:00' });
  });

  it('starts no earlier than `earliest`, ends by 23:59, and is undefined when none is left', () => {
    expect(nextFreeSpan({ start: '10:00', end: '11:00' }, taken, 13 * 60 + 1)).toEqual({ start: '15:00', end: '16:00' });
    expect(nextFreeSpan({ start: '21:00', end: '23:00' }, [{ from: 20 * 60, to: 22 * 60 }])).toBeUndefined();
    expect(nextFreeSpan({ start: '20:30', end: '23:00' }, [{ from: 20 * 60, to: 21 * 60 + 29 }])).toEqual({ start: '21:29', end: '23:59' });
    expect(nextFreeSpan({ start: '20:30', end: '23:00' }, [{ from: 20 * 60, to: 21 * 60 + 30 }])).toBeUndefined();
    expect(nextFreeSpan({ start: '21:00', end: '22:00' }, [{ from: 20 * 60, to: 22 * 60 }])).toEqual({ start: '22:00', end: '23:00' });
  });

  it('is undefined for a request without a positive length', () => {
    expect(nextFreeSpan({ start: '11:00', end: '10:00' }, taken)).toBeUndefined();
    expect(nextFreeSpan({ start: '', end: '10:00' }, taken)).toBeUndefined();
  });
});

describe('reasonChips', () => {
  it('puts the device’s reasons first, then Kuliah, Beli makan, Panitia, each once', () => {
    expect(reasonChips([])).toEqual(['Kuliah', 'Beli makan', 'Panitia']);
    expect(reasonChips(['Ke bengkel', 'kuliah', ' '])).toEqual(['Ke bengkel', 'kuliah', 'Beli makan', 'Panitia']);
  });
});

describe('rulesVersion', () => {
  it('changes with any rule’s text, and only then', async () => {
    const { rulesVersion } = await import('../../src/client/features/booking/agreement');
    const { rulesPageItems } = await import('../../src/domain/booking/booking-rules-page');
    const rules = rulesPageItems();
    expect(rulesVersion()).toBe(rulesVersion(rules));
    expect(rulesVersion([...rules])).toBe(rulesVersion(rules));
    expect(rulesVersion([...rules.slice(0, -1), `${rules.at(-1)} `])).not.toBe(rulesVersion(rules));
    expect(rulesVersion(rules.slice(1))).not.toBe(rulesVersion(rules));
  });
});
