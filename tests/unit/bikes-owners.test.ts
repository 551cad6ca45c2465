import { describe, expect, it } from 'vitest';
import {
  bikeCallbackData,
  type HandoverKeyboard,
  handoverKeyboard,
  keyboardRefs,
  OWNER_CODE_ALPHABET,
  ownerCodeOf,
  parseBikeCallback,
  parseCallbackData,
} from '../../src/domain/chat/owner-bot';
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

describe('Motor yang mana?', () => {
  const keyboard: HandoverKeyboard = {
    kind: 'chooseBike',
    event: 'return',
    bikes: [
      { id: 1, name: 'Motor PPTI 21' },
      { id: 2, name: 'Beat hitam' },
    ],
  };

  it('has one button per bike, carrying the command and the bike only', () => {
    expect(handoverKeyboard(keyboard)).toEqual({
      inline_keyboard: [[{ text: 'Motor PPTI 21', callback_data: 'm:r:1' }], [{ text: 'Beat hitam', callback_data: 'm:r:2' }]],
    });
    expect(keyboardRefs(keyboard)).toEqual([]);
    expect(parseBikeCallback(bikeCallbackData('pickup', 2))).toEqual({ event: 'pickup', bikeId: 2 });
    expect(parseBikeCallback('m:r:1')).toEqual({ event: 'return', bikeId: 1 });
  });

  it('reads nothing else, and no other button reads it', () => {
    for (const data of ['m:x:1', 'm:p:0', 'm:p:', 'm:p:1:2', 'p:AAAAAAAAAAAAAAAA']) expect(parseBikeCallback(data)).toBeUndefined();
    expect(parseCallbackData('m:p:1')).toBeUndefined();
  });
});
