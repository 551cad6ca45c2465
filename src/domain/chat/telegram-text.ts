import type { BookingSpan, SavedBookingDetails } from '../booking/booking-rules';
import { spanText } from '../booking/span-text';
import { purposeLabel } from '../fund/charges';
import { messages } from '../text/messages';
import { formatIndonesianDate } from '../time/clock';

/** Stored in the outbox and rendered when it is sent. */
export interface BookingNotice extends SavedBookingDetails {
  name: string;
  class: string;
}

export interface CancellationNotice extends BookingSpan {
  name: string;
  class: string;
  cancelledBy: string;
  cancelReason: string;
}

/** In UTF-16 code units. */
export const TELEGRAM_TEXT_LIMIT = 4096;

const MAX_SHORT_VALUE = 200;

const ELLIPSIS = '…';

/** Telegram honours these escapes only outside an entity: an escaped value must never stand inside bold, italic or code. */
export function escapeLegacyMarkdown(text: string): string {
  return text.replace(/[_*`[]/g, '\\$&');
}

/** A chat text as a notification shows it: a link's label without its address, escapes undone, bold and italic marks dropped. */
export function legacyMarkdownToPlain(text: string): string {
  return text.replace(/(?<!\\)\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\\([_*`[])|[_*`]/g, (_mark, escaped?: string) => escaped ?? '');
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + ELLIPSIS;
}

// Every character a Telegram client may start a new line at.
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;

// So that a reason like `baris1\n*Butuh STNK:* Tidak` cannot fake a line of the message.
function foldLineBreaks(text: string): string {
  return text.replace(LINE_BREAKS, ' ');
}

function oneLine(text: string): string {
  return escapeLegacyMarkdown(clip(foldLineBreaks(text).replace(/\s+/g, ' ').trim(), MAX_SHORT_VALUE));
}

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

function renderWithin(render: (escapedValue: string) => string, value: string): string {
  const full = render(escapeLegacyMarkdown(value));
  if (full.length <= TELEGRAM_TEXT_LIMIT) return full;
  return render(fitEscaped(value, TELEGRAM_TEXT_LIMIT - render('').length));
}

/**
 * Every value escaped, outside the bold and on its label's line, so whatever a student typed arrives
 * and Telegram accepts it; the reason is cut to keep the text within TELEGRAM_TEXT_LIMIT.
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
        // Pribadi is the default: only another purpose is worth the owner's line.
        ...(notice.purpose && notice.purpose !== 'personal' ? [`*${messages.fund.purposeLabel}:* ${purposeLabel(notice.purpose)}`] : []),
      ].join('\n'),
    foldLineBreaks(notice.reason),
  );
}

export function cancellationNoticeText(notice: CancellationNotice): string {
  const labels = messages.ownerNotice;
  return renderWithin(
    (reason) =>
      [
        `*${labels.cancelledTitle}*`,
        `*${labels.name}:* ${oneLine(notice.name)}`,
        `*${labels.class}:* ${oneLine(notice.class)}`,
        `*${labels.date}:* ${formatIndonesianDate(notice.date)}`,
        `*${labels.time}:* ${spanText(notice, 'notice')}`,
        `*${labels.cancelledBy}:* ${oneLine(notice.cancelledBy)}`,
        `*${labels.cancelReason}:* ${reason}`,
      ].join('\n'),
    foldLineBreaks(notice.cancelReason).replace(/\s+/g, ' ').trim(),
  );
}
