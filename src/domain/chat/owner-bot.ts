import { type BookingSpan, intervalOn } from '../booking/booking-rules';
import { spanText } from '../booking/span-text';
import type { Charge } from '../fund/charges';
import {
  bookingState,
  FUEL_LEVELS,
  type FuelLevel,
  type HandoverStage,
  isLateNoticeDue,
  isNoShowDue,
  isReturnQuestionDue,
  MAX_KILOMETRES,
  minutesBetween,
  PICKUP_OPENS_MINUTES,
  type Recorder,
  recorderLabel,
  type StatefulBooking,
} from '../handover/handover';
import { lifecycleMessages } from '../handover/lifecycle-messages';
import { bikeNameMessages } from '../motor/bike-name-messages';
import { type OutOfServicePeriod, outOfServiceText } from '../out-of-service/out-of-service';
import { outOfServiceMessages } from '../out-of-service/out-of-service-messages';
import {
  isOutOfServiceKeyboard,
  type OutOfServiceKeyboard,
  outOfServiceKeyboard,
  outOfServiceKeyboardRefs,
} from '../out-of-service/owner-flow';
import { messages } from '../text/messages';
import { formatRupiah, formatSignedRupiah } from '../text/money';
import { formatIndonesianDate, localMomentIn } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { type BookingNotice, bookingNoticeText, escapeLegacyMarkdown, TELEGRAM_TEXT_LIMIT } from './telegram-text';

export interface ScheduledBooking extends BookingSpan {
  ref: string;
  name: string;
  class: string;
  needStnk: boolean;
  /** Null for rows imported from the original app. */
  createdAt: string | null;
  motorbikeId?: number;
}

export interface InlineButton {
  text: string;
  callback_data: string;
}

export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export type CallbackAction = 'cancel' | 'confirm' | 'keep' | 'pickup' | 'return' | 'release' | 'skipKm' | 'cancelAll' | 'keepAll';

const ACTION_PREFIX: Record<CallbackAction, string> = {
  cancel: 'c',
  confirm: 'y',
  keep: 'n',
  pickup: 'p',
  return: 'r',
  release: 'l',
  skipKm: 's',
  // Under `/bengkel`'s list, with the period's ref (issue 27).
  cancelAll: 'a',
  keepAll: 'k',
};
const FUEL_PREFIX = 'f';

const REF_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export type ParsedCallback =
  | { [Action in CallbackAction]: { action: Action; ref: string } }[CallbackAction]
  | { action: 'fuel'; ref: string; fuel: FuelLevel };

/** An action letter and the booking's opaque ref, never a user id or a token: 18 bytes of Telegram's 64. */
export function callbackData(action: CallbackAction, ref: string): string {
  return `${ACTION_PREFIX[action]}:${ref}`;
}

/** The fuel level by its index in FUEL_LEVELS: 20 bytes. */
export function fuelCallbackData(ref: string, fuel: FuelLevel): string {
  return `${FUEL_PREFIX}:${ref}:${FUEL_LEVELS.indexOf(fuel)}`;
}

export function parseCallbackData(data: string): ParsedCallback | undefined {
  const [prefix, ref, ...rest] = data.split(':');
  if (ref === undefined || !REF_PATTERN.test(ref)) return undefined;
  if (prefix === FUEL_PREFIX) {
    const [index, ...more] = rest;
    const fuel = index !== undefined && more.length === 0 && /^\d$/.test(index) ? FUEL_LEVELS[Number(index)] : undefined;
    return fuel === undefined ? undefined : { action: 'fuel', ref, fuel };
  }
  const action = (Object.keys(ACTION_PREFIX) as CallbackAction[]).find((key) => ACTION_PREFIX[key] === prefix);
  if (!action || rest.length > 0) return undefined;
  return { action, ref } as ParsedCallback;
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

function scheduleLine(date: string, booking: ScheduledBooking, bikeNames: ReadonlyMap<number, string> | undefined): string {
  const line = `${spanText(booking, 'schedule', date)} ${who(booking)}${booking.needStnk ? `, ${messages.ownerBot.needsStnk}` : ''}`;
  const bike = booking.motorbikeId === undefined ? undefined : bikeNames?.get(booking.motorbikeId);
  return bike === undefined ? line : `${line} · ${bikeNameMessages.chatLine(bike)}`;
}

/** For `parse_mode: "Markdown"`; lines past Telegram's limit are counted, not shown. `bikeNames`: each line names its bike (0060). */
export function scheduleText(
  date: string,
  day: 'today' | 'tomorrow',
  bookings: ScheduledBooking[],
  bikeNames?: ReadonlyMap<number, string>,
): string {
  const labels = messages.ownerBot;
  const shownBookings = bookingsOn(date, bookings);
  if (shownBookings.length === 0) return day === 'today' ? labels.noBookingsToday : labels.noBookingsTomorrow;
  const title = day === 'today' ? labels.scheduleToday(formatIndonesianDate(date)) : labels.scheduleTomorrow(formatIndonesianDate(date));
  const lines = [`*${title}*`];
  let length = lines[0]?.length ?? 0;
  // Room kept for the "… dan N peminjaman lain" line.
  const room = TELEGRAM_TEXT_LIMIT - 64;
  for (const [index, booking] of shownBookings.entries()) {
    const line = scheduleLine(date, booking, bikeNames);
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
 * `bookings`: the active ones from the day before on. `loansOut`: picked up and not returned (none of
 * them late, the caller answers that first): from its pickup the bike is out, even before the start (0051).
 */
export function nowText(
  now: Date,
  timeZone: string,
  bookings: ScheduledBooking[],
  loansOut: readonly Pick<ScheduledBooking, 'name' | 'class' | 'date' | 'start' | 'end' | 'endDate'>[] = [],
): string {
  const labels = messages.ownerBot;
  const moment = localMomentIn(timeZone, now);
  const current = momentKey(moment.date, moment.time);
  const ordered = [...bookings].sort((a, b) => momentKey(a.date, a.start).localeCompare(momentKey(b.date, b.start)));
  const out = [...loansOut].sort((a, b) => momentKey(a.date, a.start).localeCompare(momentKey(b.date, b.start)))[0];
  const using =
    out ??
    ordered.find((booking) => momentKey(booking.date, booking.start) <= current && current < momentKey(booking.endDate, booking.end));
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
  return noticeTextWithLines(notice, [messages.ownerBot.cancelledLine]);
}

export function noticeTextWithLines(notice: BookingNotice, lines: string[]): string {
  const line = `\n${lines.join('\n')}`;
  let text = bookingNoticeText(notice) + line;
  // A long reason may fill Telegram's limit alone: shorten it until the line fits.
  let reason = notice.reason;
  while (text.length > TELEGRAM_TEXT_LIMIT && reason.length > 0) {
    reason = reason.slice(0, Math.max(0, reason.length - (text.length - TELEGRAM_TEXT_LIMIT) - 1));
    text = bookingNoticeText({ ...notice, reason: `${reason}…` }) + line;
  }
  return text;
}

/** What the buttons under a handover message do; stored in the outbox and rendered when sent. */
export type HandoverKeyboard =
  | { kind: 'none' }
  | { kind: 'pickup' | 'return' | 'noShow' | 'fuel' | 'skipKm'; ref: string }
  | { kind: 'choose'; event: 'pickup' | 'return'; options: { ref: string; label: string }[] }
  /** `Motor yang mana?` for an owner of several bikes (0060); the command goes on with the bike pressed, `/bengkel` with its `reason`. */
  | { kind: 'chooseBike'; event: BikeCommand; bikes: { id: number; name: string }[]; reason?: string }
  /** `Batalkan semua` / `Biarkan` for the bookings inside a `Tidak tersedia` period; `ref` is the period's. */
  | { kind: 'outOfService'; ref: string }
  /** `/bengkel`'s until question, its list of bookings, the digest's `Masih`/`Sudah siap` (issue 38). */
  | OutOfServiceKeyboard;

function button(text: string, action: CallbackAction, ref: string): InlineButton {
  return { text, callback_data: callbackData(action, ref) };
}

export function handoverKeyboard(keyboard: HandoverKeyboard): InlineKeyboard {
  const labels = messages.ownerBot;
  switch (keyboard.kind) {
    case 'none':
      return NO_KEYBOARD;
    case 'pickup':
      return { inline_keyboard: [[button(labels.pickedUpButton, 'pickup', keyboard.ref)]] };
    case 'return':
      return { inline_keyboard: [[button(labels.returnedButton, 'return', keyboard.ref)]] };
    case 'noShow':
      return {
        inline_keyboard: [[button(labels.releaseButton, 'release', keyboard.ref), button(labels.pickedUpButton, 'pickup', keyboard.ref)]],
      };
    case 'skipKm':
      return { inline_keyboard: [[button(labels.skipButton, 'skipKm', keyboard.ref)]] };
    case 'fuel': {
      const fuel = (level: FuelLevel) => ({ text: level, callback_data: fuelCallbackData(keyboard.ref, level) });
      // As with the cancel confirmation, the question is a button (pressing it asks again).
      return {
        inline_keyboard: [
          [button(labels.fuelQuestion, 'return', keyboard.ref)],
          FUEL_LEVELS.slice(0, 3).map(fuel),
          FUEL_LEVELS.slice(3).map(fuel),
        ],
      };
    }
    case 'choose':
      return { inline_keyboard: keyboard.options.map((option) => [button(option.label, keyboard.event, option.ref)]) };
    case 'chooseBike':
      return {
        inline_keyboard: keyboard.bikes.map((bike) => [{ text: bike.name, callback_data: bikeCallbackData(keyboard.event, bike.id) }]),
      };
    case 'outOfService':
      return {
        inline_keyboard: [
          [button(outOfServiceMessages.cancelAll, 'cancelAll', keyboard.ref), button(outOfServiceMessages.keep, 'keepAll', keyboard.ref)],
        ],
      };
    default:
      return outOfServiceKeyboard(keyboard);
  }
}

/** The bookings a message's buttons act on: a press naming another booking is not from this message. */
export function keyboardRefs(keyboard: HandoverKeyboard): string[] {
  if (keyboard.kind === 'none' || keyboard.kind === 'chooseBike') return [];
  if (isOutOfServiceKeyboard(keyboard)) return outOfServiceKeyboardRefs(keyboard);
  return keyboard.kind === 'choose' ? keyboard.options.map((option) => option.ref) : [keyboard.ref];
}

export interface RecordedHandover {
  stage: HandoverStage;
  pickup: { at: string; by: Recorder } | null;
  return: { at: string; by: Recorder } | null;
  release: { at: string; by: Recorder } | null;
}

/** `✅ Diambil 10:05 (pemilik)`, one line per event recorded. */
export function handoverLines(record: RecordedHandover, timeZone: string): string[] {
  const events = [
    ['pickup', record.pickup],
    ['return', record.return],
    ['release', record.release],
  ] as const;
  return events.flatMap(([event, recorded]) =>
    recorded
      ? [
          messages.ownerBot.recordedLine(
            messages.handover.eventLabel[event],
            localMomentIn(timeZone, new Date(recorded.at)).time,
            shown(recorderLabel(recorded.by)),
          ),
        ]
      : [],
  );
}

/** The messages the bot sends about one booking, by what their buttons were for. */
export type HandoverMessageRole = 'notice' | 'reminder' | 'noShow' | 'ended' | 'late';

/** The buttons that still apply once a handover is recorded. */
export function keyboardAfterRecord(role: HandoverMessageRole, stage: HandoverStage, ref: string): HandoverKeyboard {
  if (role === 'reminder' && stage === 'booked') return { kind: 'pickup', ref };
  if (role === 'noShow' && stage === 'booked') return { kind: 'noShow', ref };
  if ((role === 'ended' || role === 'late') && (stage === 'booked' || stage === 'pickedUp')) return { kind: 'return', ref };
  return { kind: 'none' };
}

export type HandoverNotice = 'ended' | 'late' | 'noShow';

/** Past this, a booking nobody recorded is not asked about: the first start after this feature must not ask about every old booking. */
export const UNRECORDED_END_QUESTION_MINUTES = 60;

/**
 * What the owner is to be asked about a booking now. Late replaces the end question; the no-show
 * question stops at the planned end, where the end question asks instead.
 */
export function dueHandoverNotices(
  booking: StatefulBooking,
  now: LocalMoment,
  graceMinutes: number,
  noShowMinutes: number,
): HandoverNotice[] {
  if (isLateNoticeDue(booking, now, graceMinutes)) return ['late'];
  const untilEnd = minutesBetween(now, { date: booking.endDate, time: booking.end });
  if (isNoShowDue(booking, now, noShowMinutes) && untilEnd > 0) return ['noShow'];
  if (booking.stage === 'booked' && -untilEnd > UNRECORDED_END_QUESTION_MINUTES) return [];
  return isReturnQuestionDue(booking, now) ? ['ended'] : [];
}

export function handoverNoticeText(
  notice: HandoverNotice,
  booking: StatefulBooking & { name: string; class: string },
  now: LocalMoment,
  graceMinutes: number,
): string {
  const labels = messages.ownerBot;
  if (notice === 'noShow') return labels.noShowQuestion(shown(booking.name));
  if (notice === 'ended') return labels.endQuestion(who(booking), booking.end);
  const state = bookingState(booking, now, graceMinutes);
  return labels.lateNotice(shown(booking.name), state.kind === 'late' ? state.minutes : 0);
}

function byStart<T extends StatefulBooking>(bookings: T[]): T[] {
  return [...bookings].sort((a, b) => momentKey(a.date, a.start).localeCompare(momentKey(b.date, b.start)));
}

/** `/ambil`: not picked up yet, from PICKUP_OPENS_MINUTES before the start until the planned end. */
export function bookingsToPickUp<T extends StatefulBooking>(bookings: T[], now: LocalMoment): T[] {
  return byStart(
    bookings.filter(
      (booking) =>
        !booking.cancelled &&
        booking.stage === 'booked' &&
        minutesBetween({ date: booking.date, time: booking.start }, now) >= -PICKUP_OPENS_MINUTES &&
        minutesBetween(now, { date: booking.endDate, time: booking.end }) > 0,
    ),
  );
}

/** `/kembali`: the bike is out (late ones too), or a booking is running though nobody recorded its pickup. */
export function bookingsToReturn<T extends StatefulBooking>(bookings: T[], now: LocalMoment): T[] {
  return byStart(
    bookings.filter((booking) => {
      if (booking.cancelled) return false;
      if (booking.stage === 'pickedUp') return true;
      return (
        booking.stage === 'booked' &&
        minutesBetween({ date: booking.date, time: booking.start }, now) >= 0 &&
        minutesBetween(now, { date: booking.endDate, time: booking.end }) > 0
      );
    }),
  );
}

export function choiceLabel(booking: { name: string; start: string; end: string }): string {
  return `${booking.name} ${booking.start}-${booking.end}`;
}

/** The commands `Motor yang mana?` asks for: `/ambil`, `/kembali`, `/bengkel` and `/siap` (0060, 0061). */
export type BikeCommand = 'pickup' | 'return' | 'outOfService' | 'ready';
export type BikeChoice = { event: BikeCommand; bikeId: number };

const BIKE_COMMAND_LETTER: Record<BikeCommand, string> = { pickup: 'p', return: 'r', outOfService: 'b', ready: 's' };

export function bikeCallbackData(event: BikeCommand, bikeId: number): string {
  return `m:${BIKE_COMMAND_LETTER[event]}:${bikeId}`;
}

export function parseBikeCallback(data: string): BikeChoice | undefined {
  const match = /^m:([a-z]):([1-9]\d{0,8})$/.exec(data);
  const event = (Object.keys(BIKE_COMMAND_LETTER) as BikeCommand[]).find((command) => BIKE_COMMAND_LETTER[command] === match?.[1]);
  return match && event ? { event, bikeId: Number(match[2]) } : undefined;
}

/** `/sekarang` while a loan is late: that, before anything else. */
export function lateLoanText(loans: (StatefulBooking & { name: string })[], now: LocalMoment, graceMinutes: number): string | undefined {
  for (const loan of byStart(loans)) {
    const state = bookingState(loan, now, graceMinutes);
    if (state.kind === 'late') return messages.handover.notReturnedStatus(shown(loan.name), state.minutes);
  }
  return undefined;
}

const KILOMETRES_PATTERN = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:\s*km)?$/i;

/** The owner's kilometre reply: a whole number, `12345` or `12.345`, optionally followed by `km`. */
export function parseKilometres(text: string): number | undefined {
  const digits = KILOMETRES_PATTERN.exec(text.trim())?.[1];
  if (digits === undefined) return undefined;
  const km = Number(digits.replaceAll('.', ''));
  return km <= MAX_KILOMETRES ? km : undefined;
}

export function pickedUpByText(booking: { name: string; class: string }, time: string): string {
  return messages.ownerBot.pickedUpBy(who(booking), time);
}

export function returnOfText(booking: { name: string; class: string }, time: string): string {
  return lifecycleMessages.returnRecorded(who(booking), time);
}

/** The return's confirmation in the owner's chat: the charge's lines and total (issue 25). */
export function returnChargeText(booking: { name: string; class: string }, time: string, charge: Charge): string {
  const lines = charge.lines.map((line) => `${line.label} ${formatRupiah(line.amount)}`).join(', ');
  return messages.ownerBot.returnCharge(who(booking), time, formatRupiah(charge.total), lines);
}

/** `/kas`: the balance and the largest amounts outstanding, largest first. */
export function fundText(balance: number, largest: { name: string; class: string; amount: number }[]): string {
  const labels = messages.ownerBot;
  const owed = largest.map((member, index) => labels.fundOwed(index + 1, who(member), formatRupiah(member.amount)));
  return [
    labels.fundBalance(formatSignedRupiah(balance, 'chat')),
    ...(owed.length > 0 ? [labels.fundLargest, ...owed] : [labels.fundNoneOwed]),
  ].join('\n');
}

/** The morning digest's last line, once something is owed. */
export function digestWithOutstanding(digest: string, totalOutstanding: number): string {
  return totalOutstanding > 0 ? `${digest}\n\n${messages.ownerBot.fundTotalOwed(formatRupiah(totalOutstanding))}` : digest;
}

/** A linked bike owner's help: every owner command but `/kas`, whose class fund is the class's, not a bike's (0061). */
export function bikeOwnerHelp(): string {
  return messages.ownerBot.help
    .split('\n')
    .filter((line) => !line.startsWith('/kas '))
    .join('\n');
}

/** `/sekarang` and the digest while the bike is out of service. */
export function outOfServiceLine(period: OutOfServicePeriod): string {
  return outOfServiceText({ ...period, reason: shown(period.reason) });
}

/** A bike's owner code (0060): typed by hand after `/start`, so short and without look-alike characters; 60 bits, one hour, one use. */
export const OWNER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const OWNER_CODE_LENGTH = 12;
export const OWNER_CODE_TTL_MS = 60 * 60_000;

export function ownerCodeOf(argument: string): string | undefined {
  const code = argument.trim().toUpperCase();
  return code.length === OWNER_CODE_LENGTH && [...code].every((char) => OWNER_CODE_ALPHABET.includes(char)) ? code : undefined;
}
