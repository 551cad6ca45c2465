import { describe, expect, it } from 'vitest';
import {
  bikeCallbackData,
  bikeOwnerHelp,
  type HandoverKeyboard,
  handoverKeyboard,
  keyboardRefs,
  parseBikeCallback,
  parseCallbackData,
} from '../../src/domain/chat/owner-bot';
import { parseOutOfServiceCallback } from '../../src/domain/out-of-service/owner-flow';
import { messages } from '../../src/domain/text/messages';
import { unbuttonKey } from '../../src/server/handover/owner-messages';

describe('Motor yang mana? for /bengkel and /siap', () => {
  const keyboard: HandoverKeyboard = {
    kind: 'chooseBike',
    event: 'outOfService',
    bikes: [
      { id: 1, name: 'Motor PPTI 21' },
      { id: 123456789, name: 'Beat hitam' },
    ],
    reason: 'Ban bocor: '.repeat(18),
  };

  it('carries the command and the bike in each button; the reason stays with the question, never in the 64 bytes', () => {
    const buttons = handoverKeyboard(keyboard).inline_keyboard.flat();
    expect(buttons).toEqual([
      { text: 'Motor PPTI 21', callback_data: 'm:b:1' },
      { text: 'Beat hitam', callback_data: 'm:b:123456789' },
    ]);
    for (const button of buttons) expect(new TextEncoder().encode(button.callback_data).length).toBeLessThanOrEqual(64);
    expect(keyboardRefs(keyboard)).toEqual([]);
    expect(parseBikeCallback(bikeCallbackData('outOfService', 2))).toEqual({ event: 'outOfService', bikeId: 2 });
    expect(parseBikeCallback(bikeCallbackData('ready', 3))).toEqual({ event: 'ready', bikeId: 3 });
    expect(parseBikeCallback('m:s:1')).toEqual({ event: 'ready', bikeId: 1 });
  });

  it('no other button reads them', () => {
    for (const data of ['m:b:1', 'm:s:1']) {
      expect(parseCallbackData(data)).toBeUndefined();
      expect(parseOutOfServiceCallback(data)).toBeUndefined();
    }
    for (const data of ['m:B:1', 'm:b:0', 'm:s:', 'm:b:1:Ban']) expect(parseBikeCallback(data)).toBeUndefined();
  });
});

describe("a bike owner's help", () => {
  it('is the owner help without /kas, the class fund being the main owner’s', () => {
    const lines = messages.ownerBot.help.split('\n');
    expect(bikeOwnerHelp().split('\n')).toEqual(lines.filter((line) => line !== '/kas - saldo kas dan sisa tagihan terbesar'));
    expect(bikeOwnerHelp().split('\n')).toHaveLength(lines.length - 1);
  });
});

describe('removing a loan message’s buttons', () => {
  it('keys the edit by chat, since two owner chats may hold the same message id', () => {
    expect(unbuttonKey(5, null)).toBe('unbutton:5');
    expect(unbuttonKey(5, '5550001')).not.toBe(unbuttonKey(5, '5550002'));
    expect(unbuttonKey(5, '5550001')).not.toBe(unbuttonKey(5, null));
  });
});
