import { describe, expect, it } from 'vitest';
import { choiceLabel, OWNER_CODE_ALPHABET, ownerCodeOf } from '../../src/domain/chat/owner-bot';
import { randomCode } from '../../src/domain/text/random-code';

describe("a bike's owner code", () => {
  it('is twelve characters without look-alikes, read in any case, trimmed', () => {
    expect(OWNER_CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(ownerCodeOf(' abcdefghjk23 ')).toBe('ABCDEFGHJK23');
    const made = randomCode(OWNER_CODE_ALPHABET, 12, (size) => new Uint8Array(size).map((_, index) => index * 7));
    expect(ownerCodeOf(made)).toBe(made);
  });

  it('is not a borrower’s code, nor anything with a look-alike, nor of another length', () => {
    expect(ownerCodeOf('A'.repeat(43))).toBeUndefined();
    expect(ownerCodeOf('ABCDEFGHJK2O')).toBeUndefined();
    expect(ownerCodeOf('ABCDEFGHJK2')).toBeUndefined();
    expect(ownerCodeOf('')).toBeUndefined();
  });
});

describe('the choice of a booking for an owner of several bikes', () => {
  it('names the bike when given, and reads as before without one', () => {
    const booking = { name: 'Budi Santoso', start: '09:00', end: '10:00' };
    expect(choiceLabel(booking, 'Beat hitam')).toBe('Budi Santoso 09:00-10:00 (Beat hitam)');
    expect(choiceLabel(booking)).toBe('Budi Santoso 09:00-10:00');
  });
});
