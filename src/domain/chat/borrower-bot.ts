import { type ChargeLine, chargeFor, chargeRules } from '../fund/charges';
import { FUEL_LEVELS, type FuelLevel, minutesBetween, type StatefulBooking } from '../handover/handover';
import { bikeNameMessages } from '../motor/bike-name-messages';
import { messages } from '../text/messages';
import { formatRupiah } from '../text/money';
import { formatIndonesianDate } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { offerCallbackData } from '../waiting-list/waiting-list';
import { waitingListMessages } from '../waiting-list/waiting-list-messages';
import { borrowerChatMessages } from './borrower-chat-messages';
import type { InlineKeyboard } from './owner-bot';
import { escapeLegacyMarkdown } from './telegram-text';

// Texts go out with parse_mode Markdown: whatever a person typed is escaped.
const typed = (text: string) => escapeLegacyMarkdown(text.replace(/\s+/g, ' ').trim());

/** 32 random bytes in base64url: 43 characters, inside Telegram's 64 for a deep link's payload. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const LINK_CODE_TTL_MS = 60 * 60_000;
export const END_REMINDER_MINUTES = 15;
export const DEFAULT_START_REMINDER_MINUTES = 60;

/** A link code or a device secret as this app makes them; nothing else is looked up. */
export function isWellFormedSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

export function deepLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${code}`;
}

export type BorrowerCommand =
  | { kind: 'start'; code: string | undefined }
  | { kind: 'stop' }
  | { kind: 'mine' }
  | { kind: 'public'; command: '/jadwal' | '/besok' | '/sekarang' }
  | { kind: 'help' };

/** What a private chat typed; undefined for talk that is not a command. */
export function parseBorrowerCommand(text: string): BorrowerCommand | undefined {
  const [first, argument] = text.trim().split(/\s+/);
  const command = first?.replace(/@.*$/, '').toLowerCase() ?? '';
  if (!command.startsWith('/')) return undefined;
  if (command === '/start') return { kind: 'start', code: argument };
  if (command === '/berhenti') return { kind: 'stop' };
  if (command === '/saya') return { kind: 'mine' };
  if (command === '/jadwal' || command === '/besok' || command === '/sekarang') return { kind: 'public', command };
  return { kind: 'help' };
}

/** Each name once, in the order first booked. */
export function linkedText(names: readonly string[]): string {
  return borrowerChatMessages.linked([...new Set(names)].map(typed).join(', '));
}

export interface ChatBooking extends StatefulBooking {
  ref: string;
  needStnk: boolean;
  createdAt: string | null;
}

const startOf = (booking: ChatBooking): LocalMoment => ({ date: booking.date, time: booking.start });
const endOf = (booking: ChatBooking): LocalMoment => ({ date: booking.endDate, time: booking.end });

/**
 * Within `minutes` of a start not reached, for a booking not picked up; none for a booking made
 * within `minutes` of its start: its borrower has just seen it.
 */
export function isStartReminderDue(booking: ChatBooking, now: LocalMoment, bookedAt: LocalMoment | null, minutes: number): boolean {
  if (minutes <= 0 || booking.cancelled || booking.stage !== 'booked') return false;
  const until = minutesBetween(now, startOf(booking));
  if (until <= 0 || until > minutes) return false;
  return bookedAt === null || minutesBetween(bookedAt, startOf(booking)) >= minutes;
}

/** In the last END_REMINDER_MINUTES before the end of a loan that has not come back. */
export function isEndReminderDue(booking: ChatBooking, now: LocalMoment): boolean {
  if (booking.cancelled || booking.stage === 'returned' || booking.stage === 'released') return false;
  const until = minutesBetween(now, endOf(booking));
  return until > 0 && until <= END_REMINDER_MINUTES;
}

/** `hari ini` as the issue says it; `besok` when the reminder comes before midnight for a loan after it. */
export function startReminderText(booking: ChatBooking, now: LocalMoment): string {
  return borrowerChatMessages.reminderStart(booking.start, booking.end, booking.needStnk, booking.date === now.date ? 'hari ini' : 'besok');
}

export function endReminderText(booking: ChatBooking): string {
  return borrowerChatMessages.reminderEnd(booking.end);
}

type Span = { date: string; start: string; end: string };

/** `{tanggal} {HH:MM}-{HH:MM}`: how every chat text names a booking. */
export function bookingLine(booking: Span): string {
  return `${formatIndonesianDate(booking.date)} ${booking.start}-${booking.end}`;
}

/** What the borrower is told of a decision about their booking (issue 38), in the chat and on the card. */
export const decisionTexts = {
  released: (booking: Span) => borrowerChatMessages.released(bookingLine(booking)),
  kept: (booking: Span, reason: string) => borrowerChatMessages.kept(bookingLine(booking), typed(reason)),
  ready: (booking: Span) => borrowerChatMessages.ready(bookingLine(booking)),
  /** `url`: the booking form prefilled, as a Markdown link `Pesan lagi`; none: the app's address is not known. */
  offer: (booking: Span, url: string | undefined) =>
    `${borrowerChatMessages.offerAgain(bookingLine(booking))} ${url === undefined ? borrowerChatMessages.offerAgainNoLink : `[${borrowerChatMessages.rebookButton}](${url})`}`,
};

/**
 * What a late loan's fine has come to by `now`, by the charge rules as if it came back now. Food use
 * pays no rent, so that charge is the fine alone (the fine does not depend on the purpose).
 */
export function fineSoFar(booking: Span & { endDate: string }, now: LocalMoment, graceMinutes: number): number {
  const loan = {
    start: { date: booking.date, time: booking.start },
    bookedEnd: { date: booking.endDate, time: booking.end },
    pickedUp: null,
    returned: now,
    purpose: 'food' as const,
    voucher: false,
    cancelled: false,
    released: false,
  };
  return chargeFor(loan, { class: '' }, chargeRules(graceMinutes)).total;
}

/** The late notice, and its line kept up to date by the borrowers' round: `Terlambat {n} menit · denda sejauh ini Rp{x}`. */
export function lateText(minutes: number, fine: number): string {
  return `${borrowerChatMessages.late}\n${borrowerChatMessages.lateLine(minutes, formatRupiah(fine))}`;
}

export function cancelledText(booking: { date: string; start: string; end: string }, cancelledBy: string, reason: string): string {
  return borrowerChatMessages.cancelled(formatIndonesianDate(booking.date), booking.start, booking.end, typed(cancelledBy), typed(reason));
}

/** The coming bookings, one line each, by start; `motor` (with two or more active bikes) after the name. */
export function mineText(
  bookings: readonly { date: string; start: string; end: string; name: string; motor?: string | undefined }[],
): string {
  if (bookings.length === 0) return borrowerChatMessages.mineNone;
  const lines = [...bookings]
    .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`))
    .map((booking) => {
      const line = `${formatIndonesianDate(booking.date)} ${booking.start}-${booking.end} (${typed(booking.name)})`;
      return booking.motor === undefined ? line : `${line} · ${bikeNameMessages.chatLine(booking.motor)}`;
    });
  return [borrowerChatMessages.mineTitle, ...lines].join('\n');
}

/** The charge written at the return, told once it is not provisional and not zero. */
export function chargeText(lines: readonly ChargeLine[], total: number): string {
  const detail = lines.map((line) => `${line.label} ${formatRupiah(line.amount)}`).join(', ');
  return borrowerChatMessages.charge(formatRupiah(total), detail);
}

/** The buttons under a borrower's message: before the ride, at its end, the cancel question, the fuel question. */
export type BorrowerKeyboard =
  | { kind: 'none' }
  | { kind: 'start' | 'end' | 'confirm' | 'fuel'; ref: string }
  | { kind: 'offer'; offerId: number };

export type BorrowerAction = 'pickup' | 'return' | 'cancel' | 'confirm' | 'keep';

const BORROWER_PREFIX: Record<BorrowerAction, string> = { pickup: 'bp', return: 'br', cancel: 'bc', confirm: 'by', keep: 'bn' };
const BORROWER_FUEL_PREFIX = 'bf';
const REF_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export type BorrowerCallback = { action: BorrowerAction; ref: string } | { action: 'fuel'; ref: string; fuel: FuelLevel };

/** Prefixes of their own, so a borrower's press never reads as one of the owner's. */
export function parseBorrowerCallback(data: string): BorrowerCallback | undefined {
  const [prefix, ref, ...rest] = data.split(':');
  if (ref === undefined || !REF_PATTERN.test(ref)) return undefined;
  if (prefix === BORROWER_FUEL_PREFIX) {
    const [index, ...more] = rest;
    const fuel = index !== undefined && more.length === 0 && /^\d$/.test(index) ? FUEL_LEVELS[Number(index)] : undefined;
    return fuel === undefined ? undefined : { action: 'fuel', ref, fuel };
  }
  const action = (Object.keys(BORROWER_PREFIX) as BorrowerAction[]).find((key) => BORROWER_PREFIX[key] === prefix);
  return action && rest.length === 0 ? { action, ref } : undefined;
}

export function borrowerKeyboard(keyboard: BorrowerKeyboard): InlineKeyboard {
  if (keyboard.kind === 'none') return { inline_keyboard: [] };
  if (keyboard.kind === 'offer') {
    const { offerId } = keyboard;
    return {
      inline_keyboard: [
        [
          { text: waitingListMessages.takeButton, callback_data: offerCallbackData('take', offerId) },
          { text: waitingListMessages.skipButton, callback_data: offerCallbackData('skip', offerId) },
        ],
      ],
    };
  }
  const { ref } = keyboard;
  const button = (text: string, action: BorrowerAction) => ({ text, callback_data: `${BORROWER_PREFIX[action]}:${ref}` });
  const labels = messages.handover;
  const owner = messages.ownerBot;
  switch (keyboard.kind) {
    case 'start':
      return { inline_keyboard: [[button(labels.pickupButton, 'pickup')], [button(owner.cancelButton, 'cancel')]] };
    case 'end':
      return { inline_keyboard: [[button(labels.returnButton, 'return')]] };
    case 'confirm':
      return {
        inline_keyboard: [
          [button(owner.confirmQuestion, 'cancel')],
          [button(owner.confirmYes, 'confirm'), button(owner.confirmNo, 'keep')],
        ],
      };
    case 'fuel': {
      const fuel = (level: FuelLevel) => ({ text: level, callback_data: `${BORROWER_FUEL_PREFIX}:${ref}:${FUEL_LEVELS.indexOf(level)}` });
      return {
        inline_keyboard: [[button(owner.fuelQuestion, 'return')], FUEL_LEVELS.slice(0, 3).map(fuel), FUEL_LEVELS.slice(3).map(fuel)],
      };
    }
  }
}
