import { describe, expect, it } from 'vitest';
import {
  callbackData,
  cancelKeyboard,
  cancelledNoticeText,
  confirmKeyboard,
  isDigestDue,
  isReminderDue,
  nowText,
  parseCallbackData,
  reminderText,
  type ScheduledBooking,
  scheduleText,
} from '../../src/domain/chat/owner-bot';
import { type BookingNotice, bookingNoticeText, TELEGRAM_TEXT_LIMIT } from '../../src/domain/chat/telegram-text';
import { parseLegacyMarkdown } from '../helpers/fake-telegram';

const REF = 'Ab3_-x9ZqLm0Pq7R';
const ZONE = 'Asia/Jakarta';

function booking(overrides: Partial<ScheduledBooking> = {}): ScheduledBooking {
  return {
    ref: REF,
    date: '2026-11-22',
    start: '08:00',
    end: '10:00',
    endDate: '2026-11-22',
    name: 'Budi Santoso',
    class: 'PPTI 21',
    needStnk: false,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

/** The instant `time` of `date` in Jakarta. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);

describe('buttons', () => {
  it('carry only an action letter and the booking ref, well within 64 bytes', () => {
    expect(cancelKeyboard(REF)).toEqual({ inline_keyboard: [[{ text: 'Batalkan', callback_data: `c:${REF}` }]] });
    expect(confirmKeyboard(REF)).toEqual({
      inline_keyboard: [
        [{ text: 'Yakin batalkan?', callback_data: `c:${REF}` }],
        [
          { text: 'Ya, batalkan', callback_data: `y:${REF}` },
          { text: 'Tidak', callback_data: `n:${REF}` },
        ],
      ],
    });
    for (const action of ['cancel', 'confirm', 'keep'] as const) {
      const data = callbackData(action, REF);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseCallbackData(data)).toEqual({ action, ref: REF });
    }
  });

  it.each(['', 'x:Ab3_-x9ZqLm0Pq7R', 'c:short', 'c:Ab3_-x9ZqLm0Pq7R:1', 'c:Ab3_-x9ZqLm0Pq7!', 'c'])('ignores callback_data %j', (data) => {
    expect(parseCallbackData(data)).toBeUndefined();
  });
});

describe('the schedule of a day', () => {
  it('is one short line on an empty day', () => {
    expect(scheduleText('2026-11-22', 'today', [])).toBe('Belum ada peminjaman hari ini.');
    expect(scheduleText('2026-11-23', 'tomorrow', [])).toBe('Belum ada peminjaman besok.');
  });

  it('lists the loan from the night before first, marks who needs the STNK and escapes names', () => {
    const text = scheduleText('2026-11-22', 'today', [
      booking({ start: '13:00', end: '14:00', name: 'Siti_*Aminah*', needStnk: true }),
      booking({ date: '2026-11-21', start: '23:00', endDate: '2026-11-22', end: '04:00' }),
      booking({ start: '22:00', endDate: '2026-11-23', end: '03:00', class: 'PPTI 22' }),
      // Ends before the day: not shown.
      booking({ date: '2026-11-21', start: '08:00', end: '09:00', endDate: '2026-11-21' }),
    ]);
    expect(text).toBe(
      [
        '*Jadwal hari ini, Minggu, 22 November 2026*',
        '23:00 (kemarin) - 04:00 Budi Santoso (PPTI 21)',
        '13:00 - 14:00 Siti\\_\\*Aminah\\* (PPTI 21), butuh STNK',
        '22:00 - 03:00 (besok) Budi Santoso (PPTI 22)',
      ].join('\n'),
    );
    expect(parseLegacyMarkdown(text).text).toContain('Siti_*Aminah* (PPTI 21)');
  });

  it('stays within Telegram limit on a crowded day, counting what it leaves out', () => {
    const many = Array.from({ length: 96 }, (_, index) =>
      booking({
        start: `${String(Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`,
        name: 'N'.repeat(300),
      }),
    );
    const text = scheduleText('2026-11-22', 'today', many);
    expect(parseLegacyMarkdown(text).text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text).toMatch(/\n… dan \d+ peminjaman lain$/);
  });
});

describe('/sekarang', () => {
  const bookings = [
    booking({ date: '2026-11-21', start: '23:00', endDate: '2026-11-22', end: '04:00' }),
    booking({ start: '08:00', end: '10:00', name: 'Rizky' }),
    booking({ date: '2026-11-24', start: '09:00', end: '10:00', name: 'Ani' }),
  ];

  it('says who has the bike and until when, or who is next and when', () => {
    expect(nowText(at('2026-11-22', '01:00'), ZONE, bookings)).toBe('Motor sedang dipakai Budi Santoso (PPTI 21) sampai jam 04:00.');
    expect(nowText(at('2026-11-21', '23:30'), ZONE, bookings)).toBe('Motor sedang dipakai Budi Santoso (PPTI 21) sampai besok jam 04:00.');
    expect(nowText(at('2026-11-22', '04:00'), ZONE, bookings)).toBe(
      'Motor sedang tidak dipakai. Berikutnya: Rizky (PPTI 21), hari ini jam 08:00.',
    );
    expect(nowText(at('2026-11-22', '10:00'), ZONE, bookings)).toBe(
      'Motor sedang tidak dipakai. Berikutnya: Ani (PPTI 21), Selasa, 24 November 2026 jam 09:00.',
    );
    expect(nowText(at('2026-11-24', '10:00'), ZONE, bookings)).toBe('Motor sedang tidak dipakai. Belum ada peminjaman berikutnya.');
  });
});

describe('the handover reminder', () => {
  it('reads Siapkan kunci{ dan STNK} untuk {name} ({class}) jam {start}.', () => {
    expect(reminderText(booking({ needStnk: true }))).toBe('Siapkan kunci dan STNK untuk Budi Santoso (PPTI 21) jam 08:00.');
    expect(reminderText(booking({ name: 'a_b' }))).toBe('Siapkan kunci untuk a\\_b (PPTI 21) jam 08:00.');
  });

  it('is due from the set minutes before the start until the start', () => {
    const due = (time: string, date = '2026-11-22') => isReminderDue(booking(), at(date, time), 30, ZONE);
    expect(due('07:29')).toBe(false);
    expect(due('07:30')).toBe(true);
    expect(due('07:59')).toBe(true);
    expect(due('08:00')).toBe(false);
    expect(isReminderDue(booking(), at('2026-11-22', '07:45'), 0, ZONE)).toBe(false);
    // Across midnight: a 00:10 start is reminded at 23:40 the day before.
    expect(isReminderDue(booking({ start: '00:10', end: '01:00' }), at('2026-11-21', '23:40'), 30, ZONE)).toBe(true);
  });

  it('is not due for a booking made less than the set minutes before its start', () => {
    const madeAt = (time: string) => booking({ createdAt: at('2026-11-22', time).toISOString() });
    expect(isReminderDue(madeAt('07:31'), at('2026-11-22', '07:40'), 30, ZONE)).toBe(false);
    expect(isReminderDue(madeAt('07:30'), at('2026-11-22', '07:40'), 30, ZONE)).toBe(true);
    expect(isReminderDue(booking({ createdAt: null }), at('2026-11-22', '07:40'), 30, ZONE)).toBe(true);
  });
});

describe('the morning digest', () => {
  it('is due from the set time for an hour', () => {
    expect(isDigestDue(at('2026-11-22', '05:59'), '06:00', ZONE)).toBe(false);
    expect(isDigestDue(at('2026-11-22', '06:00'), '06:00', ZONE)).toBe(true);
    expect(isDigestDue(at('2026-11-22', '06:59'), '06:00', ZONE)).toBe(true);
    expect(isDigestDue(at('2026-11-22', '07:00'), '06:00', ZONE)).toBe(false);
  });
});

describe('the notice after a cancel from Telegram', () => {
  const notice: BookingNotice = {
    name: 'Budi Santoso',
    class: 'PPTI 21',
    date: '2026-11-22',
    start: '08:00',
    end: '10:00',
    endDate: '2026-11-22',
    reason: 'Kuliah',
    needStnk: false,
    voucherCode: null,
  };

  it('is the notice with ❌ Dibatalkan as its last line, within the limit even with the longest reason', () => {
    expect(cancelledNoticeText(notice)).toBe(`${bookingNoticeText(notice)}\n❌ Dibatalkan`);
    const long = cancelledNoticeText({ ...notice, reason: '_'.repeat(5000) });
    expect(long.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(long.endsWith('\n❌ Dibatalkan')).toBe(true);
    expect(() => parseLegacyMarkdown(long)).not.toThrow();
  });
});
