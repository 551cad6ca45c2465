import { describe, expect, it } from 'vitest';
import {
  bookingsToPickUp,
  bookingsToReturn,
  callbackData,
  choiceLabel,
  dueHandoverNotices,
  fuelCallbackData,
  type HandoverKeyboard,
  handoverKeyboard,
  handoverLines,
  handoverNoticeText,
  keyboardAfterRecord,
  keyboardRefs,
  lateLoanText,
  noticeTextWithLines,
  parseCallbackData,
  parseKilometres,
  pickedUpByText,
  returnOfText,
} from '../../src/domain/chat/owner-bot';
import { type BookingNotice, bookingNoticeText, TELEGRAM_TEXT_LIMIT } from '../../src/domain/chat/telegram-text';
import { FUEL_LEVELS, type StatefulBooking } from '../../src/domain/handover/handover';
import { parseLegacyMarkdown } from '../helpers/fake-telegram';

const REF = 'Ab3_-x9ZqLm0Pq7R';
const OTHER = 'Zz9_-x9ZqLm0Pq7R';
const ZONE = 'Asia/Jakarta';
const GRACE = 10;
const NO_SHOW = 30;

type Named = StatefulBooking & { ref: string; name: string; class: string };

const booking = (overrides: Partial<Named> = {}): Named => ({
  ref: REF,
  name: 'Budi_Santoso',
  class: 'PPTI 21',
  date: '2026-11-26',
  start: '10:00',
  end: '12:00',
  endDate: '2026-11-26',
  cancelled: false,
  stage: 'booked',
  ...overrides,
});

const at = (time: string, date = '2026-11-26') => ({ date, time });

describe('handover buttons', () => {
  it('carry an action letter and the booking ref (and a fuel index), well within 64 bytes', () => {
    for (const action of ['pickup', 'return', 'release', 'skipKm'] as const) {
      const data = callbackData(action, REF);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseCallbackData(data)).toEqual({ action, ref: REF });
    }
    expect([callbackData('pickup', REF), callbackData('return', REF), callbackData('release', REF), callbackData('skipKm', REF)]).toEqual([
      `p:${REF}`,
      `r:${REF}`,
      `l:${REF}`,
      `s:${REF}`,
    ]);
    for (const [index, fuel] of FUEL_LEVELS.entries()) {
      const data = fuelCallbackData(REF, fuel);
      expect(data).toBe(`f:${REF}:${index}`);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseCallbackData(data)).toEqual({ action: 'fuel', ref: REF, fuel });
    }
  });

  it.each([`f:${REF}`, `f:${REF}:5`, `f:${REF}:1:2`, `f:${REF}:x`, `f:${REF}:-1`, `p:${REF}:1`, 'f:short:1', `s:${REF}x`])(
    'ignores callback_data %j',
    (data) => {
      expect(parseCallbackData(data)).toBeUndefined();
    },
  );

  it('render each message’s keyboard, and name only the bookings they act on', () => {
    expect(handoverKeyboard({ kind: 'pickup', ref: REF })).toEqual({
      inline_keyboard: [[{ text: 'Sudah diambil', callback_data: `p:${REF}` }]],
    });
    expect(handoverKeyboard({ kind: 'return', ref: REF })).toEqual({
      inline_keyboard: [[{ text: 'Sudah kembali', callback_data: `r:${REF}` }]],
    });
    expect(handoverKeyboard({ kind: 'noShow', ref: REF })).toEqual({
      inline_keyboard: [
        [
          { text: 'Lepaskan', callback_data: `l:${REF}` },
          { text: 'Sudah diambil', callback_data: `p:${REF}` },
        ],
      ],
    });
    expect(handoverKeyboard({ kind: 'skipKm', ref: REF })).toEqual({ inline_keyboard: [[{ text: 'Lewati', callback_data: `s:${REF}` }]] });
    expect(handoverKeyboard({ kind: 'fuel', ref: REF }).inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([
      ['Sisa bensin?'],
      ['Penuh', '3/4', '1/2'],
      ['1/4', 'Hampir habis'],
    ]);
    expect(handoverKeyboard({ kind: 'none' })).toEqual({ inline_keyboard: [] });
    const choose: HandoverKeyboard = {
      kind: 'choose',
      event: 'return',
      options: [
        { ref: REF, label: 'Budi 10:00-12:00' },
        { ref: OTHER, label: 'Sari 12:00-13:00' },
      ],
    };
    expect(handoverKeyboard(choose)).toEqual({
      inline_keyboard: [
        [{ text: 'Budi 10:00-12:00', callback_data: `r:${REF}` }],
        [{ text: 'Sari 12:00-13:00', callback_data: `r:${OTHER}` }],
      ],
    });
    expect(keyboardRefs(choose)).toEqual([REF, OTHER]);
    expect(keyboardRefs({ kind: 'fuel', ref: REF })).toEqual([REF]);
    expect(keyboardRefs({ kind: 'none' })).toEqual([]);
    expect(choiceLabel(booking())).toBe('Budi_Santoso 10:00-12:00');
  });

  it('keep only what still applies once something is recorded', () => {
    expect(keyboardAfterRecord('notice', 'pickedUp', REF)).toEqual({ kind: 'none' });
    expect(keyboardAfterRecord('reminder', 'booked', REF)).toEqual({ kind: 'pickup', ref: REF });
    expect(keyboardAfterRecord('reminder', 'pickedUp', REF)).toEqual({ kind: 'none' });
    expect(keyboardAfterRecord('noShow', 'released', REF)).toEqual({ kind: 'none' });
    expect(keyboardAfterRecord('ended', 'pickedUp', REF)).toEqual({ kind: 'return', ref: REF });
    expect(keyboardAfterRecord('late', 'returned', REF)).toEqual({ kind: 'none' });
  });
});

describe('texts', () => {
  it('one line per recorded event, the recorder escaped for Markdown', () => {
    const record = {
      stage: 'returned' as const,
      pickup: { at: '2026-11-26T03:05:00.000Z', by: { kind: 'owner' as const, name: null } },
      return: { at: '2026-11-26T05:20:30.000Z', by: { kind: 'admin' as const, name: 'Ani_Admin' } },
      release: null,
    };
    expect(handoverLines(record, ZONE)).toEqual(['✅ Diambil 10:05 (pemilik)', '✅ Kembali 12:20 (admin Ani\\_Admin)']);
    expect(handoverLines({ ...record, stage: 'booked', pickup: null, return: null }, ZONE)).toEqual([]);
  });

  it('the end, late and no-show messages, and the command replies', () => {
    expect(handoverNoticeText('ended', booking(), at('12:00'), GRACE)).toBe('Budi\\_Santoso (PPTI 21) selesai jam 12:00. Sudah kembali?');
    expect(handoverNoticeText('late', booking({ stage: 'pickedUp' }), at('12:25'), GRACE)).toBe(
      'Budi\\_Santoso belum mengembalikan motor (terlambat 25 menit).',
    );
    expect(handoverNoticeText('noShow', booking(), at('10:30'), GRACE)).toBe('Budi\\_Santoso belum mengambil motor. Lepaskan jadwal?');
    expect(pickedUpByText(booking(), '10:02')).toBe('Budi\\_Santoso (PPTI 21) tercatat mengambil motor jam 10:02.');
    expect(returnOfText(booking(), '12:02')).toBe('Motor dari Budi\\_Santoso (PPTI 21) tercatat kembali jam 12:02.');
    for (const text of [handoverNoticeText('ended', booking(), at('12:00'), GRACE), returnOfText(booking(), '12:02')]) {
      expect(() => parseLegacyMarkdown(text)).not.toThrow();
    }
  });

  it('a notice with its recorded lines stays within Telegram’s limit', () => {
    const notice: BookingNotice = {
      name: 'Budi',
      class: 'PPTI 21',
      date: '2026-11-26',
      start: '10:00',
      end: '12:00',
      endDate: '2026-11-26',
      reason: 'x'.repeat(5000),
      needStnk: false,
      voucherCode: null,
    };
    const lines = ['✅ Diambil 10:05 (pemilik)', '✅ Kembali 12:20 (peminjam)'];
    const text = noticeTextWithLines(notice, lines);
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text.endsWith(`\n${lines.join('\n')}`)).toBe(true);
    const short = { ...notice, reason: 'Kuliah' };
    expect(noticeTextWithLines(short, lines)).toBe(`${bookingNoticeText(short)}\n${lines.join('\n')}`);
  });

  it('/sekarang names a late loan, with its minutes', () => {
    expect(lateLoanText([booking({ stage: 'pickedUp' })], at('12:10'), GRACE)).toBeUndefined();
    expect(lateLoanText([booking({ stage: 'pickedUp' })], at('12:11'), GRACE)).toBe(
      'Motor belum dikembalikan Budi\\_Santoso (terlambat 11 menit).',
    );
    expect(lateLoanText([booking({ stage: 'returned' })], at('13:00'), GRACE)).toBeUndefined();
  });
});

describe('what the owner is asked, and when', () => {
  it('the no-show question from start + NO_SHOW_MINUTES until the planned end', () => {
    expect(dueHandoverNotices(booking(), at('10:29'), GRACE, NO_SHOW)).toEqual([]);
    expect(dueHandoverNotices(booking(), at('10:30'), GRACE, NO_SHOW)).toEqual(['noShow']);
    expect(dueHandoverNotices(booking(), at('11:59'), GRACE, NO_SHOW)).toEqual(['noShow']);
    expect(dueHandoverNotices(booking(), at('12:00'), GRACE, NO_SHOW)).toEqual(['ended']);
    expect(dueHandoverNotices(booking({ stage: 'pickedUp' }), at('10:30'), GRACE, NO_SHOW)).toEqual([]);
  });

  it('asks nothing of a booking nobody recorded once its end is more than an hour past', () => {
    expect(dueHandoverNotices(booking(), at('13:00'), GRACE, NO_SHOW)).toEqual(['ended']);
    expect(dueHandoverNotices(booking(), at('13:01'), GRACE, NO_SHOW)).toEqual([]);
    expect(dueHandoverNotices(booking({ stage: 'pickedUp' }), at('13:01'), GRACE, NO_SHOW)).toEqual(['late']);
  });

  it('the end question at the planned end, replaced by the late message after the grace', () => {
    const out = booking({ stage: 'pickedUp' });
    expect(dueHandoverNotices(out, at('11:59'), GRACE, NO_SHOW)).toEqual([]);
    expect(dueHandoverNotices(out, at('12:00'), GRACE, NO_SHOW)).toEqual(['ended']);
    expect(dueHandoverNotices(out, at('12:10'), GRACE, NO_SHOW)).toEqual(['ended']);
    expect(dueHandoverNotices(out, at('12:11'), GRACE, NO_SHOW)).toEqual(['late']);
    expect(dueHandoverNotices(out, at('00:30', '2026-11-27'), GRACE, NO_SHOW)).toEqual(['late']);
  });

  it('nothing about a booking returned, released or cancelled', () => {
    for (const done of [booking({ stage: 'returned' }), booking({ stage: 'released' }), booking({ cancelled: true })]) {
      expect(dueHandoverNotices(done, at('12:30'), GRACE, NO_SHOW)).toEqual([]);
      expect(dueHandoverNotices(done, at('10:45'), GRACE, NO_SHOW)).toEqual([]);
    }
  });
});

describe('what /ambil and /kembali act on', () => {
  const early = booking({ ref: 'A'.repeat(16), start: '08:00', end: '09:00' });
  const next = booking({ ref: 'B'.repeat(16), start: '09:20', end: '10:00' });
  it('/ambil: not picked up, from 30 minutes before the start until the planned end, by start', () => {
    expect(bookingsToPickUp([next, early], at('08:50')).map((candidate) => candidate.ref)).toEqual([early.ref, next.ref]);
    expect(bookingsToPickUp([next, early], at('07:29')).map((candidate) => candidate.ref)).toEqual([]);
    expect(bookingsToPickUp([next, early], at('07:30')).map((candidate) => candidate.ref)).toEqual([early.ref]);
    expect(bookingsToPickUp([next, early], at('09:00')).map((candidate) => candidate.ref)).toEqual([next.ref]);
    expect(
      bookingsToPickUp(
        [
          { ...early, stage: 'pickedUp' },
          { ...next, cancelled: true },
        ],
        at('08:50'),
      ),
    ).toEqual([]);
  });

  it('/kembali: a loan out (late too), or a booking running without a recorded pickup', () => {
    expect(bookingsToReturn([{ ...early, stage: 'pickedUp' }], at('15:00')).map((candidate) => candidate.ref)).toEqual([early.ref]);
    expect(bookingsToReturn([early, next], at('08:30')).map((candidate) => candidate.ref)).toEqual([early.ref]);
    expect(bookingsToReturn([early, next], at('09:10'))).toEqual([]);
    expect(
      bookingsToReturn(
        [
          { ...early, stage: 'returned' },
          { ...next, stage: 'released' },
        ],
        at('09:30'),
      ),
    ).toEqual([]);
  });
});

describe('the kilometre reply', () => {
  it.each([
    ['12345', 12_345],
    ['12.345', 12_345],
    [' 1.234.567 km ', 1_234_567],
    ['0', 0],
    ['987KM', 987],
  ])('reads %j as %d', (text, km) => {
    expect(parseKilometres(text)).toBe(km);
  });

  it.each(['', 'halo', '12,5', '12.34', '-5', '1e5', '10000000', '12 345'])('is not %j', (text) => {
    expect(parseKilometres(text)).toBeUndefined();
  });
});
