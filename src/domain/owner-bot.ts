import { type BookingSpan, intervalOn } from './booking-rules';
import { formatIndonesianDate, localMomentIn } from './clock';
import { messages } from './messages';
import { type BookingNotice, bookingNoticeText, escapeLegacyMarkdown, TELEGRAM_TEXT_LIMIT } from './telegram-text';

/** A booking as the owner's bot shows it: its span, who has the bike and whether the STNK goes along. */
export interface ScheduledBooking extends BookingSpan {
  ref: string;
  name: string;
  class: string;
  needStnk: boolean;
  /** ISO instant the booking was made; null for rows imported from the original app. */
  createdAt: string | null;
}

export interface InlineButton {
  text: string;
  callback_data: string;
}

/** Telegram's `reply_markup` for buttons under a message; an empty keyboard removes them. */
export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export type CallbackAction = 'cancel' | 'confirm' | 'keep';

const ACTION_PREFIX: Record<CallbackAction, string> = { cancel: 'c', confirm: 'y', keep: 'n' };

/** A booking ref is 16 base64url characters; anything else in callback_data is not ours. */
const REF_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * The button's callback_data: an action letter and the booking's opaque ref, never a user id or
 * a token, 18 bytes (Telegram allows 64).
 */
export function callbackData(action: CallbackAction, ref: string): string {
  return `${ACTION_PREFIX[action]}:${ref}`;
}

export function parseCallbackData(data: string): { action: CallbackAction; ref: string } | undefined {
  const [prefix, ref, ...rest] = data.split(':');
  const action = (Object.keys(ACTION_PREFIX) as CallbackAction[]).find((key) => ACTION_PREFIX[key] === prefix);
  if (!action || ref === undefined || rest.length > 0 || !REF_PATTERN.test(ref)) return undefined;
  return { action, ref };
}

/** The `Batalkan` button under a booking notice. */
export function cancelKeyboard(ref: string): InlineKeyboard {
  return { inline_keyboard: [[{ text: messages.ownerBot.cancelButton, callback_data: callbackData('cancel', ref) }]] };
}

/**
 * After `Batalkan`: the question on a row of its own (pressing it asks again), the answers below.
 * Telegram has no plain-text row in a keyboard, so the question is a button too.
 */
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

/** Longest name or class shown, in characters; the roster keeps them far shorter. */
const MAX_SHORT_VALUE = 200;

/** A name or class on one line (runs of whitespace become one space), cut if odd data makes it long, escaped. */
function shown(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const clipped = chars.length <= MAX_SHORT_VALUE ? chars.join('') : `${chars.slice(0, MAX_SHORT_VALUE - 1).join('')}…`;
  return escapeLegacyMarkdown(clipped);
}

function who(booking: { name: string; class: string }): string {
  return `${shown(booking.name)} (${shown(booking.class)})`;
}

/** The bookings that take time on `date`, in the order they start on it (a loan from the night before first). */
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

/**
 * The owner's schedule of one day (`/jadwal`, `/besok` and the morning digest), for
 * `parse_mode: "Markdown"`: a bold title, then one line per booking with who needs the STNK. An
 * empty day is one short line. Lines that would pass Telegram's limit are counted, not shown.
 */
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

/**
 * `/sekarang`: who has the bike at `now` (in `timeZone`) and until when, or else who takes it next
 * and when. `bookings` are the active ones from the day before on.
 */
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

/** The handover reminder: `Siapkan kunci{ dan STNK} untuk {name} ({class}) jam {start}.` */
export function reminderText(booking: Pick<ScheduledBooking, 'name' | 'class' | 'start' | 'needStnk'>): string {
  return messages.ownerBot.reminder(who(booking), booking.start, booking.needStnk);
}

/**
 * Whether the handover reminder of `booking` is due at `now`: its start is within the next
 * `minutes`, and it was booked at least `minutes` before its start (a later booking gets none:
 * the owner has just been told of it). Minutes in `timeZone`'s wall clock, like every booking.
 */
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

/**
 * Whether the morning digest of the day is due at `now`: from `digestTime` for an hour, so an
 * instance that starts a little late still sends it, but one started in the evening does not send
 * the morning's schedule.
 */
export function isDigestDue(now: Date, digestTime: string, timeZone: string): boolean {
  const { time } = localMomentIn(timeZone, now);
  const [hours, minutes] = digestTime.split(':').map(Number) as [number, number];
  const from = hours * 60 + minutes;
  const [nowHours, nowMinutes] = time.split(':').map(Number) as [number, number];
  const at = nowHours * 60 + nowMinutes;
  return at >= from && at < from + DIGEST_WINDOW_MINUTES;
}

export const DIGEST_WINDOW_MINUTES = 60;

/** The booking notice after the owner cancelled it from Telegram: the same text with `❌ Dibatalkan` as its last line. */
export function cancelledNoticeText(notice: BookingNotice): string {
  const line = `\n${messages.ownerBot.cancelledLine}`;
  let text = bookingNoticeText(notice) + line;
  // The notice alone may fill Telegram's limit (a long reason): shorten the reason until the line fits.
  let reason = notice.reason;
  while (text.length > TELEGRAM_TEXT_LIMIT && reason.length > 0) {
    reason = reason.slice(0, Math.max(0, reason.length - (text.length - TELEGRAM_TEXT_LIMIT) - 1));
    text = bookingNoticeText({ ...notice, reason: `${reason}…` }) + line;
  }
  return text;
}
