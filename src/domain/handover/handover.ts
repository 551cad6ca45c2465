import type { NamedBookingSpan } from '../booking/booking-day';
import type { BookingSpan } from '../booking/booking-rules';
import { messages } from '../text/messages';
import { daysBetween, findMinutes } from '../time/clock';
import type { LocalMoment } from '../time/moment';

/** What the key holder and the borrower say of the tank, as the group chat always did. */
export const FUEL_LEVELS = ['Penuh', '3/4', '1/2', '1/4', 'Hampir habis'] as const;
export type FuelLevel = (typeof FUEL_LEVELS)[number];

export function isFuelLevel(value: string): value is FuelLevel {
  return (FUEL_LEVELS as readonly string[]).includes(value);
}

export const DEFAULT_RETURN_GRACE_MINUTES = 10;
export const DEFAULT_NO_SHOW_MINUTES = 30;
/** The borrower's pickup button shows from this long before the start. */
export const PICKUP_OPENS_MINUTES = 30;
/** A late bike warns the borrowers, and blocks new bookings, starting within this long (0038). */
export const LATE_REACH_MINUTES = 3 * 60;
export const MAX_CONDITION_NOTE_LENGTH = 500;
export const MAX_KILOMETRES = 9_999_999;

/** Where a booking's handover stands, as stored; time decides the rest (`bookingState`). */
export const HANDOVER_STAGES = ['booked', 'pickedUp', 'returned', 'released'] as const;
export type HandoverStage = (typeof HANDOVER_STAGES)[number];

export function handoverStageOf(recorded: {
  pickedUpAt: string | null;
  returnedAt: string | null;
  releasedAt: string | null;
}): HandoverStage {
  if (recorded.releasedAt !== null) return 'released';
  if (recorded.returnedAt !== null) return 'returned';
  return recorded.pickedUpAt !== null ? 'pickedUp' : 'booked';
}

export type RecorderKind = 'owner' | 'borrower' | 'admin';
export interface Recorder {
  kind: RecorderKind;
  /** The admin's name; null for the owner and the borrower. */
  name: string | null;
}

export function recorderLabel(recorder: Recorder): string {
  if (recorder.kind === 'admin')
    return recorder.name === null ? messages.handover.byAdmin : `${messages.handover.byAdmin} ${recorder.name}`;
  return recorder.kind === 'owner' ? messages.handover.byOwner : messages.handover.byBorrower;
}

export type BookingState =
  | { kind: 'scheduled' }
  | { kind: 'inUse' }
  | { kind: 'late'; minutes: number }
  | { kind: 'done' }
  | { kind: 'noShow' }
  | { kind: 'cancelled' };

export interface StatefulBooking extends BookingSpan {
  cancelled: boolean;
  stage: HandoverStage;
}

export interface RecordedEvent {
  at: string;
  by: Recorder;
}

export interface HandoverBooking extends NamedBookingSpan, StatefulBooking {
  id: number;
  ref: string;
  /** Its bike (0060): the kilometres and fuel it records are that bike's. */
  motorbikeId: number;
  needStnk: boolean;
  /** The planned end: the booked one, before a return or release moved `end`. */
  bookedEnd: { end: string; endDate: string };
  pickup: (RecordedEvent & { fuel: FuelLevel | null }) | null;
  return: (RecordedEvent & { fuel: FuelLevel | null; km: number | null; stnkBack: boolean | null; note: string | null }) | null;
  release: RecordedEvent | null;
}

/** Minutes from `from` to `to` on the wall clock (negative when `to` is earlier). */
export function minutesBetween(from: LocalMoment, to: LocalMoment): number {
  return daysBetween(from.date, to.date) * 24 * 60 + (findMinutes(to.time) ?? 0) - (findMinutes(from.time) ?? 0);
}

/** The one rule for what every screen calls a booking; `end` is the planned end until a return or release replaces it. */
export function bookingState(booking: StatefulBooking, now: LocalMoment, graceMinutes: number): BookingState {
  if (booking.cancelled) return { kind: 'cancelled' };
  if (booking.stage === 'released') return { kind: 'noShow' };
  if (booking.stage === 'returned') return { kind: 'done' };
  if (booking.stage === 'booked') return { kind: 'scheduled' };
  const past = minutesBetween({ date: booking.endDate, time: booking.end }, now);
  return past > graceMinutes ? { kind: 'late', minutes: past } : { kind: 'inUse' };
}

export function bookingStateLabel(state: BookingState): string {
  const labels = messages.handover.state;
  return state.kind === 'late' ? labels.late(state.minutes) : labels[state.kind];
}

export type HandoverEvent = 'pickup' | 'return' | 'release';

/** A return at 12:07:30 frees the bike from 12:08: the minute it happened in is still the borrower's. */
export function freedAt(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
}

/** The new end of a booking returned or released at `moment` (see freedAt), never before its start: the rest of the slot is free again. */
export function freedEnd(booking: BookingSpan, moment: LocalMoment): { end: string; endDate: string } {
  const freed =
    minutesBetween({ date: booking.date, time: booking.start }, moment) < 0 ? { date: booking.date, time: booking.start } : moment;
  return { end: freed.time, endDate: freed.date };
}

export function isNoShowDue(booking: StatefulBooking, now: LocalMoment, noShowMinutes: number): boolean {
  if (booking.cancelled || booking.stage !== 'booked') return false;
  return minutesBetween({ date: booking.date, time: booking.start }, now) >= noShowMinutes;
}

/** The owner is asked at the planned end whether the bike is back, unless a return or release came first. */
export function isReturnQuestionDue(booking: StatefulBooking, now: LocalMoment): boolean {
  if (booking.cancelled || booking.stage === 'returned' || booking.stage === 'released') return false;
  return minutesBetween({ date: booking.endDate, time: booking.end }, now) >= 0;
}

export function isLateNoticeDue(booking: StatefulBooking, now: LocalMoment, graceMinutes: number): boolean {
  return bookingState(booking, now, graceMinutes).kind === 'late';
}

/** A booking starting this soon is the one a late bike may leave without it. */
export function startsWithinLateReach(start: LocalMoment, now: LocalMoment): boolean {
  return minutesBetween(now, start) < LATE_REACH_MINUTES;
}

/** While a loan is late, a booking starting within LATE_REACH_MINUTES cannot be promised a bike (0038). */
export function startsWhileLate(
  start: LocalMoment,
  now: LocalMoment,
  lateBookings: readonly StatefulBooking[],
  graceMinutes: number,
): boolean {
  if (!startsWithinLateReach(start, now)) return false;
  return lateBookings.some((booking) => bookingState(booking, now, graceMinutes).kind === 'late');
}

/** The next borrower's warning: another loan is late, and this booking starts within LATE_REACH_MINUTES. */
export function waitsForLateBike(
  booking: StatefulBooking,
  others: readonly StatefulBooking[],
  now: LocalMoment,
  graceMinutes: number,
): boolean {
  if (bookingState(booking, now, graceMinutes).kind !== 'scheduled') return false;
  const untilStart = minutesBetween(now, { date: booking.date, time: booking.start });
  if (untilStart > LATE_REACH_MINUTES) return false;
  return others.some((other) => bookingState(other, now, graceMinutes).kind === 'late');
}

export function formatKilometres(km: number): string {
  return new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(km);
}
