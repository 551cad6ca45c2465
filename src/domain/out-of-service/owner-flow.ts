import { callbackData, type InlineButton, type InlineKeyboard } from '../chat/owner-bot';
import { escapeLegacyMarkdown } from '../chat/telegram-text';
import { addDays, findMinutes, formatIndonesianDate, formatMinutes, MINUTES_PER_DAY } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import { outOfServiceMessages } from './out-of-service-messages';

/** `/bengkel`'s question, in button order: the index is the callback's. */
export const UNTIL_CHOICES = ['1 jam', '3 jam', 'Sampai malam ini', 'Belum tahu'] as const;
export type UntilChoice = (typeof UNTIL_CHOICES)[number];

/** A choice's exclusive end from `now`: 1 or 3 hours on, or today's end (`Sampai malam ini`; `Belum tahu`, asked again next morning). */
export function untilOfChoice(choice: UntilChoice, now: LocalMoment): LocalMoment {
  const minutes = findMinutes(now.time) ?? 0;
  const hours = choice === '1 jam' ? 1 : choice === '3 jam' ? 3 : undefined;
  if (hours === undefined) return { date: addDays(now.date, 1), time: '00:00' };
  const end = minutes + hours * 60;
  return { date: end >= MINUTES_PER_DAY ? addDays(now.date, 1) : now.date, time: formatMinutes(end) };
}

/** The buttons of `/bengkel`'s flow, each with the period's ref (and a booking's): `o?:{period}[:{booking or index}]`, at most 37 bytes. */
export type OutOfServicePress =
  | { action: 'until'; ref: string; choice: UntilChoice }
  | { action: 'cancelOne' | 'keepOne' | 'showOne'; ref: string; booking: string }
  | { action: 'stillOut'; ref: string; still: boolean }
  /** `Tandai tidak tersedia` under a borrower's note; `ref` is the booking's. */
  | { action: 'markNote'; ref: string };

const PREFIX = { until: 'ou', cancelOne: 'ox', keepOne: 'ok', showOne: 'oi', stillOut: 'os', markNote: 'on' } as const;
const REF_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function outOfServiceCallbackData(press: OutOfServicePress): string {
  if (press.action === 'until') return `${PREFIX.until}:${press.ref}:${UNTIL_CHOICES.indexOf(press.choice)}`;
  if (press.action === 'stillOut') return `${PREFIX.stillOut}:${press.ref}:${press.still ? 1 : 0}`;
  if (press.action === 'markNote') return `${PREFIX.markNote}:${press.ref}`;
  return `${PREFIX[press.action]}:${press.ref}:${press.booking}`;
}

export function parseOutOfServiceCallback(data: string): OutOfServicePress | undefined {
  const [prefix, ref, last, ...rest] = data.split(':');
  if (ref === undefined || rest.length > 0 || !REF_PATTERN.test(ref)) return undefined;
  if (prefix === PREFIX.markNote) return last === undefined ? { action: 'markNote', ref } : undefined;
  if (last === undefined) return undefined;
  if (prefix === PREFIX.until) {
    const choice = /^\d$/.test(last) ? UNTIL_CHOICES[Number(last)] : undefined;
    return choice === undefined ? undefined : { action: 'until', ref, choice };
  }
  if (prefix === PREFIX.stillOut) return last === '0' || last === '1' ? { action: 'stillOut', ref, still: last === '1' } : undefined;
  const action = (['cancelOne', 'keepOne', 'showOne'] as const).find((candidate) => PREFIX[candidate] === prefix);
  return action && REF_PATTERN.test(last) ? { action, ref, booking: last } : undefined;
}

function button(text: string, press: OutOfServicePress): InlineButton {
  return { text, callback_data: outOfServiceCallbackData(press) };
}

/** The owner's keyboards of the flow; `ref` is the period's. */
export type OutOfServiceKeyboard =
  | { kind: 'outOfServiceUntil'; ref: string }
  | { kind: 'outOfServiceBookings'; ref: string; bookings: { ref: string; label: string }[] }
  | { kind: 'outOfServiceStill'; ref: string }
  /** Under a borrower's note in the owner's chat: `reason` is what a press marks the bike out for. */
  | { kind: 'outOfServiceNote'; ref: string; reason: string };

/** A row per booking: its line (pressing it shows it whole), then `Batalkan` / `Biarkan`; `Batalkan semua` last. */
export function outOfServiceKeyboard(keyboard: OutOfServiceKeyboard): InlineKeyboard {
  const { ref } = keyboard;
  const labels = outOfServiceMessages;
  if (keyboard.kind === 'outOfServiceUntil') {
    const choices = UNTIL_CHOICES.map((choice) => button(choice, { action: 'until', ref, choice }));
    return { inline_keyboard: [choices.slice(0, 2), choices.slice(2)] };
  }
  if (keyboard.kind === 'outOfServiceNote') return { inline_keyboard: [[button(labels.markNote, { action: 'markNote', ref })]] };
  if (keyboard.kind === 'outOfServiceStill') {
    return {
      inline_keyboard: [
        [
          button(labels.stillOut, { action: 'stillOut', ref, still: true }),
          button(labels.ready, { action: 'stillOut', ref, still: false }),
        ],
      ],
    };
  }
  if (keyboard.bookings.length === 0) return { inline_keyboard: [] };
  return {
    inline_keyboard: [
      ...keyboard.bookings.flatMap(({ ref: booking, label }) => [
        [button(label, { action: 'showOne', ref, booking })],
        [button(labels.cancelOne, { action: 'cancelOne', ref, booking }), button(labels.keep, { action: 'keepOne', ref, booking })],
      ]),
      [{ text: labels.cancelAll, callback_data: callbackData('cancelAll', ref) }],
    ],
  };
}

const FLOW_KINDS: ReadonlySet<string> = new Set(['outOfServiceUntil', 'outOfServiceBookings', 'outOfServiceStill', 'outOfServiceNote']);

export function isOutOfServiceKeyboard<K extends { kind: string }>(keyboard: K | OutOfServiceKeyboard): keyboard is OutOfServiceKeyboard {
  return FLOW_KINDS.has(keyboard.kind);
}

/** The refs a press under the keyboard may name: the period's, and the listed bookings'. */
export function outOfServiceKeyboardRefs(keyboard: OutOfServiceKeyboard): string[] {
  return keyboard.kind === 'outOfServiceBookings' ? [keyboard.ref, ...keyboard.bookings.map((booking) => booking.ref)] : [keyboard.ref];
}

interface ListedBooking {
  ref: string;
  date: string;
  start: string;
  end: string;
  name: string;
  class: string;
}

/** A button's label for a booking of the list (not parsed as Markdown). */
export function listedLabel(booking: ListedBooking): string {
  return `${booking.start}-${booking.end} ${booking.name}`;
}

/** The owner's line for a booking, as `/bengkel`'s list has always shown it. */
export function listedLine(booking: ListedBooking): string {
  return `${formatIndonesianDate(booking.date)} ${booking.start} - ${booking.end} ${escapeLegacyMarkdown(`${booking.name} (${booking.class})`)}`;
}

/** The question's message once the owner chose: the period's end, and the bookings inside it, if any, to decide one by one. */
export function untilChosenText(reason: string, until: LocalMoment, inside: readonly ListedBooking[]): string {
  const labels = outOfServiceMessages;
  const head = labels.ownerUntil(escapeLegacyMarkdown(reason), formatIndonesianDate(until.date), until.time);
  if (inside.length === 0) return `${head}\n${labels.ownerNoneInside}`;
  return [head, labels.ownerAffected, ...inside.map(listedLine), labels.ownerChooseEach].join('\n');
}

export function bookingsKeyboard(ref: string, bookings: readonly ListedBooking[]): OutOfServiceKeyboard {
  return { kind: 'outOfServiceBookings', ref, bookings: bookings.map((booking) => ({ ref: booking.ref, label: listedLabel(booking) })) };
}
