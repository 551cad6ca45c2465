import { COMMITTEE_FREE_HOURS, FREE_SHORT_USE_HOURS, isHomeClass, RATE_PER_HOUR_RUPIAH } from '../booking/limits';
import { minutesBetween } from '../handover/handover';
import { messages } from '../text/messages';
import type { LocalMoment } from '../time/moment';

/** What a booking is for (`Keperluan`): stored on the booking, it decides the rent. */
export const PURPOSES = ['personal', 'food', 'committee'] as const;
export type Purpose = (typeof PURPOSES)[number];

export function isPurpose(value: string): value is Purpose {
  return (PURPOSES as readonly string[]).includes(value);
}

export function purposeLabel(purpose: Purpose): string {
  return messages.fund.purpose[purpose];
}

/** Rent counts started hours of use after this tolerance (issue 25: 130 min → 2 h, 131 → 3 h). */
export const RENT_TOLERANCE_MINUTES = 10;

export interface ChargeRules {
  ratePerHour: number;
  /** RETURN_GRACE_MINUTES: a return this late or less is on time. */
  graceMinutes: number;
  freeShortUseMinutes: number;
  committeeFreeMinutesPerDay: number;
  rentToleranceMinutes: number;
}

export function chargeRules(graceMinutes: number): ChargeRules {
  return {
    ratePerHour: RATE_PER_HOUR_RUPIAH,
    graceMinutes,
    freeShortUseMinutes: FREE_SHORT_USE_HOURS * 60,
    committeeFreeMinutesPerDay: COMMITTEE_FREE_HOURS * 60,
    rentToleranceMinutes: RENT_TOLERANCE_MINUTES,
  };
}

/** Moments on APP_TIMEZONE's wall clock; a missing pickup or return is the booked start or end. */
export interface ChargeLoan {
  start: LocalMoment;
  /** The planned end (the next day for an overnight voucher). */
  bookedEnd: LocalMoment;
  pickedUp: LocalMoment | null;
  returned: LocalMoment | null;
  purpose: Purpose;
  voucher: boolean;
  cancelled: boolean;
  released: boolean;
  /** The member's other committee use that day, in minutes, counted against the free hours. */
  committeeMinutesEarlier?: number;
}

export interface ChargeMember {
  class: string;
}

export interface ChargeLine {
  label: string;
  amount: number;
}

export interface Charge {
  lines: ChargeLine[];
  total: number;
}

const NO_CHARGE: Charge = { lines: [], total: 0 };

function rentHours(minutes: number, rules: ChargeRules): number {
  if (minutes < rules.freeShortUseMinutes) return 0;
  return Math.max(0, Math.ceil((minutes - rules.rentToleranceMinutes) / 60));
}

function rentableMinutes(loan: ChargeLoan, member: ChargeMember, use: number, from: LocalMoment, to: LocalMoment, rules: ChargeRules) {
  if (isHomeClass(member.class) || loan.purpose === 'food') return 0;
  if (loan.voucher) {
    // Only the use outside the voucher's hours.
    const before = Math.max(0, minutesBetween(from, loan.start));
    const after = Math.max(0, minutesBetween(loan.bookedEnd, to));
    return before + after;
  }
  if (loan.purpose === 'committee') {
    const free = Math.max(0, rules.committeeFreeMinutesPerDay - (loan.committeeMinutesEarlier ?? 0));
    return Math.max(0, use - free);
  }
  return use;
}

/**
 * The one rule for what a loan costs (issue 25), in integer rupiah, never negative. Use is return − pickup; rent per started hour of use
 * after RENT_TOLERANCE_MINUTES, none under an hour, none for the home class, food or within a voucher's hours, committee use free up to its
 * daily hours; a fine per started hour late once the return is more than the grace past the planned end.
 */
export function chargeFor(loan: ChargeLoan, member: ChargeMember, rules: ChargeRules): Charge {
  if (loan.cancelled || loan.released) return NO_CHARGE;
  const from = loan.pickedUp ?? loan.start;
  const to = loan.returned ?? loan.bookedEnd;
  const use = Math.max(0, minutesBetween(from, to));
  const lines: ChargeLine[] = [];
  const rent = rentHours(rentableMinutes(loan, member, use, from, to, rules), rules);
  if (rent > 0) lines.push({ label: messages.fund.rentLine(rent), amount: rent * rules.ratePerHour });
  const late = minutesBetween(loan.bookedEnd, to);
  if (late > rules.graceMinutes) {
    const hours = Math.ceil(late / 60);
    lines.push({ label: messages.fund.fineLine(hours), amount: hours * rules.ratePerHour });
  }
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}
