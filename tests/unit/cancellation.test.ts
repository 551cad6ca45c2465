import { describe, expect, it } from 'vitest';
import { type CancellableBooking, cancellerLabel, cancelRefusalMessage, findCancelRefusal } from '../../src/domain/booking/cancellation';
import { cancellationNoticeText, TELEGRAM_TEXT_LIMIT } from '../../src/domain/chat/telegram-text';
import { localMomentIn } from '../../src/domain/time/clock';
import { parseLegacyMarkdown } from '../helpers/fake-telegram';

const booking: CancellableBooking = { date: '2026-11-23', start: '09:00', end: '11:00', endDate: '2026-11-23', cancelledAt: null };
const admin = { kind: 'admin', userId: 'U1', name: 'Admin Uji' } as const;

describe('who may cancel a booking, and when', () => {
  it('lets the borrower cancel until the minute before the start, in the app zone', () => {
    expect(findCancelRefusal(booking, { kind: 'borrower' }, { date: '2026-11-22', time: '23:59' })).toBeUndefined();
    expect(findCancelRefusal(booking, { kind: 'borrower' }, { date: '2026-11-23', time: '08:59' })).toBeUndefined();
    expect(findCancelRefusal(booking, { kind: 'borrower' }, { date: '2026-11-23', time: '09:00' })).toBe('alreadyStarted');
    expect(findCancelRefusal(booking, { kind: 'borrower' }, { date: '2026-11-24', time: '00:00' })).toBe('alreadyStarted');
  });

  it('lets an admin and the owner cancel a booking that has started or ended', () => {
    expect(findCancelRefusal(booking, admin, { date: '2026-11-23', time: '10:00' })).toBeUndefined();
    expect(findCancelRefusal(booking, { kind: 'owner' }, { date: '2026-12-01', time: '10:00' })).toBeUndefined();
  });

  it('never cancels twice, whoever asks', () => {
    const cancelled = { ...booking, cancelledAt: '2026-11-22T01:00:00.000Z' };
    for (const who of [admin, { kind: 'owner' } as const, { kind: 'borrower' } as const]) {
      expect(findCancelRefusal(cancelled, who, { date: '2026-11-22', time: '08:00' })).toBe('alreadyCancelled');
    }
  });

  it('says each refusal in Indonesian and names who cancelled', () => {
    expect(cancelRefusalMessage('alreadyCancelled')).toBe('Peminjaman ini sudah dibatalkan.');
    expect(cancelRefusalMessage('alreadyStarted')).toBe('Peminjaman yang sudah dimulai hanya bisa dibatalkan admin.');
    expect(cancellerLabel('admin', 'Admin Uji')).toBe('admin Admin Uji');
    expect(cancellerLabel('borrower', null)).toBe('peminjam');
    expect(cancellerLabel('owner', null)).toBe('pemilik (Telegram)');
  });

  it('reads the wall clock of the app zone, not the machine one', () => {
    expect(localMomentIn('Asia/Jakarta', new Date('2026-11-22T16:59:00Z'))).toEqual({ date: '2026-11-22', time: '23:59' });
    expect(localMomentIn('Asia/Jakarta', new Date('2026-11-22T17:05:00Z'))).toEqual({ date: '2026-11-23', time: '00:05' });
  });
});

describe("the owner's cancellation message", () => {
  const notice = {
    name: 'Budi_Santoso',
    class: 'PPTI 21',
    date: '2026-11-22',
    start: '20:00',
    end: '02:00',
    endDate: '2026-11-23',
    cancelledBy: 'admin Admin Uji',
    cancelReason: 'Motor *mogok*\ndi bengkel',
  };

  it('starts with the bold title and names the booking, who cancelled and why, escaped and on one line each', () => {
    expect(cancellationNoticeText(notice)).toBe(
      [
        '*Peminjaman dibatalkan*',
        '*Nama:* Budi\\_Santoso',
        '*Kelas:* PPTI 21',
        '*Tanggal:* Minggu, 22 November 2026',
        '*Jam:* 20:00 - 02:00 (besoknya)',
        '*Dibatalkan oleh:* admin Admin Uji',
        '*Alasan pembatalan:* Motor \\*mogok\\* di bengkel',
      ].join('\n'),
    );
    const parsed = parseLegacyMarkdown(cancellationNoticeText(notice));
    expect(parsed.text).toContain('Alasan pembatalan: Motor *mogok*');
  });

  it('cuts a very long reason so Telegram accepts the message', () => {
    const text = cancellationNoticeText({ ...notice, cancelReason: '_'.repeat(10_000) });
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text.endsWith('…')).toBe(true);
    expect(() => parseLegacyMarkdown(text)).not.toThrow();
  });
});
