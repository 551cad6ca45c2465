import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BookingNotice,
  bookingNoticeText,
  escapeLegacyMarkdown,
  legacyMarkdownToPlain,
  TELEGRAM_TEXT_LIMIT,
} from '../../src/domain/chat/telegram-text';
import { MarkdownParseError, parseLegacyMarkdown } from '../helpers/fake-telegram';

const notice: BookingNotice = {
  name: 'Budi Santoso',
  class: 'PPTI 21',
  date: '2026-11-22',
  start: '08:00',
  end: '10:30',
  endDate: '2026-11-22',
  reason: 'Kuliah pagi',
  needStnk: true,
  voucherCode: null,
};

const LABELS = ['Peminjaman motor baru', 'Nama:', 'Kelas:', 'Tanggal:', 'Jam:', 'Alasan:', 'Butuh STNK:', 'Voucher:'];

/** The bold runs of a parsed message, as text. */
function boldTexts(parsed: ReturnType<typeof parseLegacyMarkdown>): string[] {
  return parsed.entities.map((entity) => {
    expect(entity.type).toBe('bold');
    return parsed.text.slice(entity.offset, entity.offset + entity.length);
  });
}

/** What follows a label on its line(s), as the owner reads it. */
function valueAfter(parsedText: string, label: string, nextLabel?: string): string {
  const from = parsedText.indexOf(`\n${label} `) + label.length + 2;
  const to = nextLabel ? parsedText.indexOf(`\n${nextLabel} `, from) : parsedText.length;
  return parsedText.slice(from, to);
}

describe('the owner notice text', () => {
  it('lists every fact on its own line with a bold label', () => {
    expect(bookingNoticeText(notice)).toBe(
      [
        '*Peminjaman motor baru*',
        '*Nama:* Budi Santoso',
        '*Kelas:* PPTI 21',
        '*Tanggal:* Minggu, 22 November 2026',
        '*Jam:* 08:00 - 10:30',
        '*Alasan:* Kuliah pagi',
        '*Butuh STNK:* Ya',
        '*Voucher:* -',
      ].join('\n'),
    );
  });

  it('says Tidak when no STNK is needed', () => {
    expect(bookingNoticeText({ ...notice, needStnk: false })).toContain('\n*Butuh STNK:* Tidak\n');
  });

  it('names the voucher and says the loan is free until start + 6 h', () => {
    const text = bookingNoticeText({ ...notice, start: '09:00', end: '15:00', reason: 'VCH-AB12CD', voucherCode: 'VCH-AB12CD' });
    expect(text).toContain('\n*Jam:* 09:00 - 15:00\n');
    expect(text).toMatch(/\n\*Voucher:\* VCH-AB12CD \(gratis, selesai jam 15:00\)$/);
  });

  it('says an overnight voucher loan ends on the next day', () => {
    const text = bookingNoticeText({ ...notice, start: '21:00', end: '03:00', endDate: '2026-11-23', voucherCode: 'VCH-ZZ99XX' });
    expect(text).toContain('\n*Jam:* 21:00 - 03:00\n');
    expect(text).toMatch(/\n\*Voucher:\* VCH-ZZ99XX \(gratis, selesai besoknya, Senin, 23 November 2026 jam 03:00\)$/);
  });

  it('writes dates across a year end in Indonesian', () => {
    const text = bookingNoticeText({
      ...notice,
      date: '2026-12-31',
      start: '20:00',
      end: '02:00',
      endDate: '2027-01-01',
      voucherCode: 'VCH-A',
    });
    expect(text).toContain('*Tanggal:* Kamis, 31 Desember 2026');
    expect(text).toContain('besoknya, Jumat, 1 Januari 2027 jam 02:00');
  });
});

describe('legacy Markdown escaping', () => {
  it('puts a backslash before _ * ` and [ only', () => {
    expect(escapeLegacyMarkdown('beli_nasi *goreng* [2] `x` ]()\\ ~#')).toBe('beli\\_nasi \\*goreng\\* \\[2] \\`x\\` ]()\\ ~#');
  });

  it('the parser model rejects an unescaped entity as Telegram does', () => {
    expect(() => parseLegacyMarkdown('*Alasan:* beli_nasi')).toThrow(MarkdownParseError);
    expect(() => parseLegacyMarkdown('*Alasan:* beli_nasi')).toThrow("Can't find end of the entity starting at byte offset 14");
  });

  it('a hostile reason and name arrive verbatim, outside any bold', () => {
    const reason = 'beli_nasi *goreng* [2]';
    const name = 'Si_Budi *Keren* `rm` [x](http://evil) \\_';
    const text = bookingNoticeText({ ...notice, name, reason });
    expect(text).toContain('*Alasan:* beli\\_nasi \\*goreng\\* \\[2]\n');
    const parsed = parseLegacyMarkdown(text);
    expect(boldTexts(parsed)).toEqual(LABELS);
    expect(valueAfter(parsed.text, 'Alasan:', 'Butuh STNK:')).toBe(reason);
    expect(valueAfter(parsed.text, 'Nama:', 'Kelas:')).toBe(name);
  });

  it('puts a multi-line reason and name on their own lines, so neither can fake a line of the message', () => {
    const text = bookingNoticeText({ ...notice, name: 'Budi\n*Kelas:* Palsu', reason: 'baris1\n*Butuh STNK:* Tidak', needStnk: true });
    expect(text.split('\n')).toHaveLength(8);
    expect(text).toContain('\n*Alasan:* baris1 \\*Butuh STNK:\\* Tidak\n*Butuh STNK:* Ya\n');
    const parsed = parseLegacyMarkdown(text);
    expect(boldTexts(parsed)).toEqual(LABELS);
    expect(valueAfter(parsed.text, 'Nama:', 'Kelas:')).toBe('Budi *Kelas:* Palsu');
    expect(valueAfter(parsed.text, 'Alasan:', 'Butuh STNK:')).toBe('baris1 *Butuh STNK:* Tidak');
  });

  it.each([
    ['\r\n', 'Windows line ends'],
    ['\r', 'a carriage return'],
    ['\u2028', 'a Unicode line separator'],
    ['\u2029', 'a Unicode paragraph separator'],
    ['\u0085', 'a next-line control'],
    ['\n\n\n', 'empty lines'],
  ])('folds %j (%s) in a reason into one space', (lineBreak) => {
    const text = bookingNoticeText({ ...notice, reason: `satu${lineBreak}*Voucher:* VCH-AAAAAA` });
    expect(text.split(/[\n\r\u0085\u2028\u2029]/)).toHaveLength(8);
    expect(text).toContain('\n*Alasan:* satu \\*Voucher:\\* VCH-AAAAAA\n');
  });

  it('any name, class and reason parse, with bold only on the labels and the values verbatim', () => {
    const hostile = fc.string({ unit: fc.constantFrom('_', '*', '`', '[', ']', '(', ')', '\\', ' ', 'a', 'é', '😀', '\n'), maxLength: 60 });
    fc.assert(
      fc.property(hostile, hostile, hostile, fc.option(hostile, { nil: null }), (name, className, reason, voucherCode) => {
        const text = bookingNoticeText({ ...notice, name, class: className, reason, voucherCode });
        const parsed = parseLegacyMarkdown(text);
        expect(boldTexts(parsed)).toEqual(LABELS);
        expect(parsed.text.split('\n')).toHaveLength(8);
        expect(valueAfter(parsed.text, 'Alasan:', 'Butuh STNK:')).toBe(reason.replace(/\n+/g, ' '));
        expect(valueAfter(parsed.text, 'Nama:', 'Kelas:')).toBe(name.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 500 },
    );
  });
});

describe('the length cap', () => {
  it('cuts a long reason so the whole text fits, still valid Markdown, every line kept', () => {
    const reason = `${'_*`['.repeat(2000)}akhir`;
    const text = bookingNoticeText({ ...notice, reason, voucherCode: 'VCH-AB12CD' });
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text.length).toBeGreaterThan(TELEGRAM_TEXT_LIMIT - 4);
    const parsed = parseLegacyMarkdown(text);
    expect(boldTexts(parsed)).toEqual(LABELS);
    const shown = valueAfter(parsed.text, 'Alasan:', 'Butuh STNK:');
    expect(shown.endsWith('…')).toBe(true);
    expect(reason.startsWith(shown.slice(0, -1))).toBe(true);
    expect(text).toContain('\n*Voucher:* VCH-AB12CD (gratis, selesai jam 10:30)');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = bookingNoticeText({ ...notice, reason: 'x'.repeat(5).concat('😀'.repeat(3000)) });
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('bounds an absurdly long name and class too', () => {
    const text = bookingNoticeText({ ...notice, name: 'n'.repeat(10_000), class: 'k'.repeat(10_000), reason: 'r'.repeat(10_000) });
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text).toContain(`*Nama:* ${'n'.repeat(199)}…\n`);
  });

  it('leaves a reason that fits untouched', () => {
    const reason = 'r'.repeat(500);
    expect(bookingNoticeText({ ...notice, reason })).toContain(`*Alasan:* ${reason}\n`);
  });
});

describe('a chat text as a notification shows it', () => {
  it('keeps a link’s label, undoes the escapes and drops the bold marks', () => {
    const text = `*Tempat ambil kunci:* ${escapeLegacyMarkdown('Loker_3 [lantai 2] *kiri*')}. [Pesan lagi](https://pinjam.example/form?tanggal=2026-12-01)`;
    expect(legacyMarkdownToPlain(text)).toBe('Tempat ambil kunci: Loker_3 [lantai 2] *kiri*. Pesan lagi');
  });

  it('gives back any escaped text as it was before escaping', () => {
    fc.assert(fc.property(fc.string(), (value) => legacyMarkdownToPlain(escapeLegacyMarkdown(value)) === value));
  });
});
