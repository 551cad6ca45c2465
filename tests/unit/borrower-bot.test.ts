import { describe, expect, it } from 'vitest';
import {
  type ChatBooking,
  cancelledText,
  deepLink,
  isEndReminderDue,
  isStartReminderDue,
  isWellFormedSecret,
  linkedText,
  parseBorrowerCallback,
  parseBorrowerCommand,
  startReminderText,
} from '../../src/domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';

const booking = (overrides: Partial<ChatBooking> = {}): ChatBooking => ({
  ref: 'abcdefghijklmnop',
  date: '2026-11-23',
  start: '09:00',
  end: '10:00',
  endDate: '2026-11-23',
  needStnk: false,
  createdAt: null,
  cancelled: false,
  stage: 'booked',
  ...overrides,
});
const at = (time: string, date = '2026-11-23') => ({ date, time });

describe("a borrower's chat, by rule", () => {
  it('reads commands, with or without the bot name, and only commands', () => {
    expect(parseBorrowerCommand('/start kode')).toEqual({ kind: 'start', code: 'kode' });
    expect(parseBorrowerCommand('/start')).toEqual({ kind: 'start', code: undefined });
    expect(parseBorrowerCommand('/Berhenti@pinjam_bot')).toEqual({ kind: 'stop' });
    expect(parseBorrowerCommand('/saya')).toEqual({ kind: 'mine' });
    expect(parseBorrowerCommand('/besok')).toEqual({ kind: 'public', command: '/besok' });
    expect(parseBorrowerCommand('/kas')).toEqual({ kind: 'help' });
    expect(parseBorrowerCommand('halo')).toBeUndefined();
    expect(borrowerChatMessages.help).toContain('/tagihan (tagihan kamu)');
  });

  it('takes only 43-character base64url secrets, and makes the deep link', () => {
    expect(isWellFormedSecret('a'.repeat(43))).toBe(true);
    expect(isWellFormedSecret('a'.repeat(42))).toBe(false);
    expect(isWellFormedSecret(`${'a'.repeat(42)}!`)).toBe(false);
    expect(deepLink('pinjam_bot', 'kode')).toBe('https://t.me/pinjam_bot?start=kode');
  });

  it('reminds within the lead before a start not reached, not for a booking made inside the lead, not once picked up', () => {
    expect(isStartReminderDue(booking(), at('08:00'), null, 60)).toBe(true);
    expect(isStartReminderDue(booking(), at('07:59'), null, 60)).toBe(false);
    expect(isStartReminderDue(booking(), at('09:00'), null, 60)).toBe(false);
    expect(isStartReminderDue(booking(), at('08:30'), at('08:10'), 60)).toBe(false);
    expect(isStartReminderDue(booking({ stage: 'pickedUp' }), at('08:30'), null, 60)).toBe(false);
    expect(isStartReminderDue(booking(), at('08:30'), null, 0)).toBe(false);
  });

  it('says hari ini for a start today and besok for one after midnight', () => {
    expect(startReminderText(booking({ needStnk: true }), at('08:00'))).toBe(
      'Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00. Bawa STNK.',
    );
    const early = booking({ start: '00:15', end: '01:00' });
    expect(isStartReminderDue(early, at('23:30', '2026-11-22'), null, 60)).toBe(true);
    expect(startReminderText(early, at('23:30', '2026-11-22'))).toBe('Pengingat: peminjaman motor kamu besok jam 00:15-01:00.');
  });

  it('reminds of the return in the last 15 minutes of a loan not back, across midnight too', () => {
    expect(isEndReminderDue(booking({ stage: 'pickedUp' }), at('09:45'))).toBe(true);
    expect(isEndReminderDue(booking({ stage: 'pickedUp' }), at('09:44'))).toBe(false);
    expect(isEndReminderDue(booking({ stage: 'returned' }), at('09:50'))).toBe(false);
    expect(isEndReminderDue(booking({ cancelled: true }), at('09:50'))).toBe(false);
    const overnight = booking({ start: '22:00', end: '00:10', endDate: '2026-11-24', stage: 'pickedUp' });
    expect(isEndReminderDue(overnight, at('23:58'))).toBe(true);
  });

  it('escapes what people typed for Telegram Markdown, and names each name once', () => {
    expect(linkedText(['Rizky_Maulana', 'Rizky_Maulana', 'Budi'])).toBe(
      'Siap! Kamu akan diingatkan untuk peminjaman atas nama Rizky\\_Maulana, Budi.',
    );
    expect(cancelledText({ date: '2026-11-23', start: '09:00', end: '10:00' }, 'admin Admin Uji', 'motor *rusak*')).toBe(
      'Peminjaman kamu Senin, 23 November 2026 jam 09:00-10:00 dibatalkan oleh admin Admin Uji: motor \\*rusak\\*.',
    );
  });

  it("reads the borrower's buttons and never the owner's", () => {
    expect(parseBorrowerCallback('bp:abcdefghijklmnop')).toEqual({ action: 'pickup', ref: 'abcdefghijklmnop' });
    expect(parseBorrowerCallback('bf:abcdefghijklmnop:4')).toEqual({ action: 'fuel', ref: 'abcdefghijklmnop', fuel: 'Hampir habis' });
    expect(parseBorrowerCallback('bf:abcdefghijklmnop:9')).toBeUndefined();
    expect(parseBorrowerCallback('p:abcdefghijklmnop')).toBeUndefined();
    expect(parseBorrowerCallback('bp:short')).toBeUndefined();
  });
});
