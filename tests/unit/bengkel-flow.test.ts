import { describe, expect, it } from 'vitest';
import { fineSoFar, lateText } from '../../src/domain/chat/borrower-bot';
import { handoverKeyboard, keyboardRefs } from '../../src/domain/chat/owner-bot';
import {
  type OutOfServicePress,
  outOfServiceCallbackData,
  parseOutOfServiceCallback,
  UNTIL_CHOICES,
  untilOfChoice,
} from '../../src/domain/out-of-service/owner-flow';

const REF = 'AbCdEfGhIjKlMnOp';
const BOOKING = 'qRsTuVwXyZ012345';

describe("/bengkel's flow in the domain", () => {
  it('gives each answer to Sampai kapan? its end: hours from now (past midnight too), or the end of today', () => {
    expect(untilOfChoice('1 jam', { date: '2026-11-22', time: '08:07' })).toEqual({ date: '2026-11-22', time: '09:07' });
    expect(untilOfChoice('3 jam', { date: '2026-11-22', time: '22:30' })).toEqual({ date: '2026-11-23', time: '01:30' });
    for (const choice of ['Sampai malam ini', 'Belum tahu'] as const) {
      expect(untilOfChoice(choice, { date: '2026-11-30', time: '20:00' })).toEqual({ date: '2026-12-01', time: '00:00' });
    }
  });

  it('round-trips every button within 64 bytes, and refuses anything else', () => {
    const presses: OutOfServicePress[] = [
      ...UNTIL_CHOICES.map((choice) => ({ action: 'until' as const, ref: REF, choice })),
      { action: 'cancelOne', ref: REF, booking: BOOKING },
      { action: 'keepOne', ref: REF, booking: BOOKING },
      { action: 'showOne', ref: REF, booking: BOOKING },
      { action: 'stillOut', ref: REF, still: true },
      { action: 'stillOut', ref: REF, still: false },
      { action: 'markNote', ref: BOOKING },
    ];
    for (const press of presses) {
      const data = outOfServiceCallbackData(press);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseOutOfServiceCallback(data)).toEqual(press);
    }
    for (const data of [`ou:${REF}:4`, `ou:${REF}`, `ox:${REF}:short`, `os:${REF}:2`, `on:${REF}:1`, `ou:bad:0`, `a:${REF}`]) {
      expect(parseOutOfServiceCallback(data)).toBeUndefined();
    }
  });

  it('lists each booking with its line, Batalkan and Biarkan, then Batalkan semua; a press may name the period and the listed bookings', () => {
    const keyboard = { kind: 'outOfServiceBookings' as const, ref: REF, bookings: [{ ref: BOOKING, label: '09:00-10:00 Budi' }] };
    expect(handoverKeyboard(keyboard).inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([
      ['09:00-10:00 Budi'],
      ['Batalkan', 'Biarkan'],
      ['Batalkan semua'],
    ]);
    expect(keyboardRefs(keyboard)).toEqual([REF, BOOKING]);
    expect(handoverKeyboard({ ...keyboard, bookings: [] }).inline_keyboard).toEqual([]);
  });

  it('counts the fine so far by the charge rules: per started hour once past the grace', () => {
    const loan = { date: '2026-11-22', start: '11:00', end: '12:00', endDate: '2026-11-22' };
    expect(fineSoFar(loan, { date: '2026-11-22', time: '12:10' }, 10)).toBe(0);
    expect(fineSoFar(loan, { date: '2026-11-22', time: '12:11' }, 10)).toBe(10_000);
    expect(fineSoFar(loan, { date: '2026-11-22', time: '13:01' }, 10)).toBe(20_000);
    expect(lateText(61, 20_000)).toBe('Kamu terlambat mengembalikan motor.\nTerlambat 61 menit · denda sejauh ini Rp20.000');
  });
});
