import { describe, expect, it } from 'vitest';
import { editDistance, minutesLeft, nextFreeSpan, offeredSpan, reasonChips, suggestRosterName } from '../../src/domain/booking/form-help';
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

describe('offeredSpan: Pakai jam only for a span the server would accept (issue 42)', () => {
  const DAY = '2026-11-25';
  const facts = { date: DAY, now: { date: '2026-11-20', minutes: 9 * 60 }, loanLate: false, taken: [], maxMinutes: 4 * 60 };

  it('offers nothing when the form sees nothing wrong with the refused time (a hold it cannot know)', () => {
    expect(offeredSpan({ start: '10:00', end: '11:00' }, facts)).toBeUndefined();
  });

  it('after a clash or a Tidak tersedia span, the next span of the same length', () => {
    const taken = [
      { from: 10 * 60, to: 11 * 60 },
      { from: 11 * 60, to: 12 * 60 + 30 },
    ];
    expect(offeredSpan({ start: '10:30', end: '12:00' }, { ...facts, taken })).toEqual({ start: '12:30', end: '14:00' });
  });

  it('while a loan is late, not within 3 hours of now, whether or not the time clashes', () => {
    const today = { ...facts, date: '2026-11-20', loanLate: true, now: { date: '2026-11-20', minutes: 9 * 60 + 20 } };
    expect(offeredSpan({ start: '10:00', end: '11:00' }, today)).toEqual({ start: '12:30', end: '13:30' });
    const taken = [{ from: 10 * 60, to: 10 * 60 + 30 }];
    expect(offeredSpan({ start: '10:00', end: '11:00' }, { ...today, taken })).toEqual({ start: '12:30', end: '13:30' });
    expect(offeredSpan({ start: '10:00', end: '11:00' }, { ...today, taken, loanLate: false })).toEqual({ start: '10:30', end: '11:30' });
    // A late loan at 22:00 reaches past midnight: the next day's first hour is not offered either.
    const night = { ...facts, date: '2026-11-21', loanLate: true, now: { date: '2026-11-20', minutes: 22 * 60 } };
    expect(offeredSpan({ start: '00:00', end: '01:00' }, night)).toEqual({ start: '01:00', end: '02:00' });
  });

  it('today, never before now; on a past day, nothing', () => {
    const today = { ...facts, date: '2026-11-20', now: { date: '2026-11-20', minutes: 14 * 60 + 5 } };
    expect(offeredSpan({ start: '13:55', end: '15:00' }, today)).toEqual({ start: '14:15', end: '15:20' });
    expect(offeredSpan({ start: '10:00', end: '11:00' }, { ...facts, date: '2026-11-19' })).toBeUndefined();
  });

  it('no longer than the class and daily limits leave, and a voucher’s span as it is', () => {
    const taken = [{ from: 10 * 60, to: 11 * 60 }];
    expect(offeredSpan({ start: '10:00', end: '13:00' }, { ...facts, taken, maxMinutes: 2 * 60 })).toEqual({
      start: '11:00',
      end: '13:00',
    });
    expect(offeredSpan({ start: '10:00', end: '16:00' }, { ...facts, taken, maxMinutes: undefined })).toEqual({
      start: '11:00',
      end: '17:00',
    });
    expect(offeredSpan({ start: '10:00', end: '11:00' }, { ...facts, taken, maxMinutes: 0 })).toBeUndefined();
  });

  it('minutesLeft: the class or committee limit, less what the day’s total leaves', () => {
    expect(minutesLeft('PPTI 21', false, 0)).toBe(240);
    expect(minutesLeft('ppti 22', false, 0)).toBe(180);
    expect(minutesLeft('PPTI 21', false, 150)).toBe(90);
    expect(minutesLeft('PPTI 22', true, 60)).toBe(240);
    expect(minutesLeft('PPTI 21', false, 240)).toBe(0);
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
