import { type BookingSpan, intervalOn } from './booking-rules';
import { formatIndonesianDate, localMomentIn } from './clock';
import { messages } from './messages';
import { type BookingNotice, bookingNoticeText, escapeLegacyMarkdown, TELEGRAM_TEXT_LIMIT } from './telegram-text';

export interface ScheduledBooking extends BookingSpan {
  ref: string;
  name: string;
  class: string;
  needStnk: boolean;
  /** Null for rows imported from the original app. */
  createdAt: string | null;
}

export interface InlineButton {
  text: string;
  callback_data: string;
}

export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export type CallbackAction = 'cancel' | 'confirm' | 'keep';

const ACTION_PREFIX: Record<CallbackAction, string> = { cancel: 'c', confirm: 'y', keep: 'n' };

const REF_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** An action letter and the booking's opaque ref, never a user id or a token: 18 bytes of Telegram's 64. */
export function callbackData(action: CallbackAction, ref: string): string {
  return `${ACTION_PREFIX[action]}:${ref}`;
}

export function parseCallbackData(data: string): { action: CallbackAction; ref: string } | undefined {
  const [prefix, ref, ...rest] = data.split(':');
  const action = (Object.keys(ACTION_PREFIX) as CallbackAction[]).find((key) => ACTION_PREFIX[key] === prefix);
  if (!action || ref === undefined || rest.length > 0 || !REF_PATTERN.test(ref)) return undefined;
  return { action, ref };
}

export function cancelKeyboard(ref: string): InlineKeyboard {
  return { inline_keyboard: [[{ text: messages.ownerBot.cancelButton, callback_data: callbackData('cancel', ref) }]] };
}

/** Telegram has no plain-text row in a keyboard, so the question is a button too (pressing it asks again). */
export function confirmKeyboard(ref: string): InlineKeyboard {
  const labels = messages.ownerBot;
  return {
    inline_keyboard: [
      [{ text: labels.confirmQuestion, callback_data: callbackData('cancel', ref) }],
      [
        { text: labels.confirmYes, callback_data: callbackData('confirm', ref) },
        { text: labels.confirmNo, callback_data: callbackData('keep', ref) },
      ],
    ],
  };
}

export const NO_KEYBOARD: InlineKeyboard = { inline_keyboard: [] };

const MAX_SHORT_VALUE = 200;

function shown(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const clipped = chars.length <= MAX_SHORT_VALUE ? chars.join('') : `${chars.slice(0, MAX_SHORT_VALUE - 1).join('')}…`;
  return escapeLegacyMarkdown(clipped);
}

function who(booking: { name: string; class: string }): string {
  return `${shown(booking.name)} (${shown(booking.class)})`;
}

export function bookingsOn<T extends BookingSpan>(date: string, bookings: T[]): T[] {
  return bookings
    .flatMap((booking) => {
      const interval = intervalOn(date, booking);
      return interval ? [{ booking, interval }] : [];
    })
    .sort((a, b) => a.interval.from - b.interval.from || a.interval.to - b.interval.to)
    .map(({ booking }) => booking);
}

function scheduleLine(date: string, booking: ScheduledBooking): string {
  const labels = messages.ownerBot;
  const start = booking.date === date ? booking.start : labels.fromYesterday(booking.start);
  const end = booking.endDate === date ? booking.end : labels.untilTomorrow(booking.end);
  return `${start} - ${end} ${who(booking)}${booking.needStnk ? `, ${labels.needsStnk}` : ''}`;
}

/** For `parse_mode: "Markdown"`; lines past Telegram's limit are counted, not shown. */
export function scheduleText(date: string, day: 'today' | 'tomorrow', bookings: ScheduledBooking[]): string {
  const labels = messages.ownerBot;
  const shownBookings = bookingsOn(date, bookings);
  if (shownBookings.length === 0) return day === 'today' ? labels.noBookingsToday : labels.noBookingsTomorrow;
  const title = day === 'today' ? labels.scheduleToday(formatIndonesianDate(date)) : labels.scheduleTomorrow(formatIndonesianDate(date));
  const lines = [`*${title}*`];
  let length = lines[0]?.length ?? 0;
  // Room kept for the "… dan N peminjaman lain" line.
  const room = TELEGRAM_TEXT_LIMIT - 64;
  for (const [index, booking] of shownBookings.entries()) {
    const line = scheduleLine(date, booking);
    if (length + 1 + line.length > room) {
      lines.push(labels.moreBookings(shownBookings.length - index));
      break;
    }
    lines.push(line);
    length += 1 + line.length;
  }
  return lines.join('\n');
}

function momentKey(date: string, time: string): string {
  return `${date} ${time}`;
}

/** `bookings`: the active ones from the day before on. */
export function nowText(now: Date, timeZone: string, bookings: ScheduledBooking[]): string {
  const labels = messages.ownerBot;
  const moment = localMomentIn(timeZone, now);
  const current = momentKey(moment.date, moment.time);
  const ordered = [...bookings].sort((a, b) => momentKey(a.date, a.start).localeCompare(momentKey(b.date, b.start)));
  const using = ordered.find(
    (booking) => momentKey(booking.date, booking.start) <= current && current < momentKey(booking.endDate, booking.end),
  );
  if (using) {
    return using.endDate === moment.date ? labels.inUseUntil(who(using), using.end) : labels.inUseUntilTomorrow(who(using), using.end);
  }
  const next = ordered.find((booking) => momentKey(booking.date, booking.start) > current);
  if (!next) return labels.freeNoneNext;
  return next.date === moment.date
    ? labels.freeNextToday(who(next), next.start)
    : labels.freeNextOn(who(next), formatIndonesianDate(next.date), next.start);
}

export function reminderText(booking: Pick<ScheduledBooking, 'name' | 'class' | 'start' | 'needStnk'>): string {
  return messages.ownerBot.reminder(who(booking), booking.start, booking.needStnk);
}

/** Within `minutes` of the start; a booking made later than `minutes` before it gets none: the owner was just told. */
export function isReminderDue(booking: ScheduledBooking, now: Date, minutes: number, timeZone: string): boolean {
  if (minutes <= 0) return false;
  const lead = minutes * 60_000;
  const start = momentKey(booking.date, booking.start);
  const current = localMomentIn(timeZone, now);
  const horizon = localMomentIn(timeZone, new Date(now.getTime() + lead));
  if (!(momentKey(current.date, current.time) < start && start <= momentKey(horizon.date, horizon.time))) return false;
  if (booking.createdAt === null) return true;
  const bookedPlusLead = localMomentIn(timeZone, new Date(new Date(booking.createdAt).getTime() + lead));
  return momentKey(bookedPlusLead.date, bookedPlusLead.time) <= start;
}

/** For an hour from `digestTime`: an instance started a little late still sends it, one started in the evening does not. */
export function isDigestDue(now: Date, digestTime: string, timeZone: string): boolean {
  const { time } = localMomentIn(timeZone, now);
  const [hours, minutes] = digestTime.split(':').map(Number) as [number, number];
  const from = hours * 60 + minutes;
  const [nowHours, nowMinutes] = time.split(':').map(Number) as [number, number];
  const at = nowHours * 60 + nowMinutes;
  return at >= from && at < from + DIGEST_WINDOW_MINUTES;
}

export const DIGEST_WINDOW_MINUTES = 60;

export function cancelledNoticeText(notice: BookingNotice): string {
  const line = `\n${messages.ownerBot.cancelledLine}`;
  let text = bookingNoticeText(notice) + line;
  // A long reason may fill Telegram's limit alone: shorten it until the line fits.
  let reason = notice.reason;
  while (text.length > TELEGRAM_TEXT_LIMIT && reason.length > 0) {
    reason = reason.slice(0, Math.max(0, reason.length - (text.length - TELEGRAM_TEXT_LIMIT) - 1));
    text = bookingNoticeText({ ...notice, reason: `${reason}…` }) + line;
  }
  return text;
}
