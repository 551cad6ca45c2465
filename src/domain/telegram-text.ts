import type { BookingSpan, SavedBookingDetails } from './booking-rules';
import { formatIndonesianDate } from './clock';
import { messages } from './messages';

/** What the owner is told about one booking; stored in the outbox and rendered when it is sent. */
export interface BookingNotice extends SavedBookingDetails {
  name: string;
  class: string;
}

/** What the owner is told when a booking is cancelled. */
export interface CancellationNotice extends BookingSpan {
  name: string;
  class: string;
  /** Who cancelled, as cancellerLabel() says it. */
  cancelledBy: string;
  cancelReason: string;
}

/** Telegram refuses a message text longer than this many UTF-16 code units. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** Longest name, class or code shown, in characters: the roster keeps them far shorter; this only bounds odd imported data. */
const MAX_SHORT_VALUE = 200;

const ELLIPSIS = '…';

/**
 * Escapes text for Telegram's legacy Markdown (`parse_mode: "Markdown"`): a backslash before
 * each `_`, `*`, `` ` `` and `[`. Telegram honours these escapes only outside an entity, so an
 * escaped value must never stand inside bold, italic or code.
 */
export function escapeLegacyMarkdown(text: string): string {
  return text.replace(/[_*`[]/g, '\\$&');
}

/** At most `max` characters (whole code points), ending in '…' when cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + ELLIPSIS;
}

/** Every character a Telegram client may start a new line at. */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * A long value kept on its label's line: each run of line breaks becomes one space, so a reason
 * like `baris1\n*Butuh STNK:* Tidak` cannot fake a line of the message.
 */
function foldLineBreaks(text: string): string {
  return text.replace(LINE_BREAKS, ' ');
}

/** A short value shown on one line: runs of whitespace (line breaks too) become one space. */
function oneLine(text: string): string {
  return escapeLegacyMarkdown(clip(foldLineBreaks(text).replace(/\s+/g, ' ').trim(), MAX_SHORT_VALUE));
}

/** The longest start of `text` that, escaped and ended with '…', fits in `room` UTF-16 code units. */
function fitEscaped(text: string, room: number): string {
  let fitted = '';
  for (const char of text) {
    const next = fitted + escapeLegacyMarkdown(char);
    if (next.length + ELLIPSIS.length > room) break;
    fitted = next;
  }
  return fitted + ELLIPSIS;
}

function voucherLine(notice: BookingNotice): string {
  const labels = messages.ownerNotice;
  if (notice.voucherCode === null) return labels.noVoucher;
  const code = oneLine(notice.voucherCode);
  return notice.endDate === notice.date
    ? labels.voucherFree(code, notice.end)
    : labels.voucherFreeNextDay(code, notice.end, formatIndonesianDate(notice.endDate));
}

/**
 * `render(value)` with the free-text value escaped, or, when that would pass TELEGRAM_TEXT_LIMIT,
 * with the value cut (ending in '…') so the whole text fits.
 */
function renderWithin(render: (escapedValue: string) => string, value: string): string {
  const full = render(escapeLegacyMarkdown(value));
  if (full.length <= TELEGRAM_TEXT_LIMIT) return full;
  return render(fitEscaped(value, TELEGRAM_TEXT_LIMIT - render('').length));
}

/**
 * The owner's message about a booking, for `parse_mode: "Markdown"`: one line per fact, the
 * label bold and the value after the bold, every value escaped and on its label's line, so
 * whatever a student typed arrives (line breaks as spaces) and Telegram accepts the message.
 * The reason is cut (ending in '…') so the whole text stays within TELEGRAM_TEXT_LIMIT.
 */
export function bookingNoticeText(notice: BookingNotice): string {
  const labels = messages.ownerNotice;
  return renderWithin(
    (reason) =>
      [
        `*${labels.title}*`,
        `*${labels.name}:* ${oneLine(notice.name)}`,
        `*${labels.class}:* ${oneLine(notice.class)}`,
        `*${labels.date}:* ${formatIndonesianDate(notice.date)}`,
        `*${labels.time}:* ${notice.start} - ${notice.end}`,
        `*${labels.reason}:* ${reason}`,
        `*${labels.needStnk}:* ${notice.needStnk ? labels.yes : labels.no}`,
        `*${labels.voucher}:* ${voucherLine(notice)}`,
      ].join('\n'),
    foldLineBreaks(notice.reason),
  );
}

/** The owner's message about a cancelled booking, escaped and bounded like the booking notice. */
export function cancellationNoticeText(notice: CancellationNotice): string {
  const labels = messages.ownerNotice;
  const end = notice.endDate === notice.date ? notice.end : labels.endsNextDay(notice.end);
  return renderWithin(
    (reason) =>
      [
        `*${labels.cancelledTitle}*`,
        `*${labels.name}:* ${oneLine(notice.name)}`,
        `*${labels.class}:* ${oneLine(notice.class)}`,
        `*${labels.date}:* ${formatIndonesianDate(notice.date)}`,
        `*${labels.time}:* ${notice.start} - ${end}`,
        `*${labels.cancelledBy}:* ${oneLine(notice.cancelledBy)}`,
        `*${labels.cancelReason}:* ${reason}`,
      ].join('\n'),
    // One line, so a reason cannot fake lines of the message.
    foldLineBreaks(notice.cancelReason).replace(/\s+/g, ' ').trim(),
  );
}
