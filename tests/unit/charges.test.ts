import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChargeLoan, chargeFor, chargeRules } from '../../src/domain/fund/charges';
import { addDays, formatMinutes } from '../../src/domain/time/clock';

const RULES = chargeRules(10);
const HOME = { class: 'PPTI 21' };
const OTHER = { class: 'PPTI 22' };
const DAY = '2026-11-26';
const at = (time: string, date = DAY) => ({ date, time });

/** 10:00-12:00 booked, picked up at the start, returned at `back` (null: not recorded). */
const loan = (back: string | null, overrides: Partial<ChargeLoan> = {}): ChargeLoan => ({
  start: at('10:00'),
  bookedEnd: at('12:00'),
  pickedUp: at('10:00'),
  returned: back === null ? null : at(back),
  purpose: 'personal',
  voucher: false,
  cancelled: false,
  released: false,
  ...overrides,
});
const short = (minutes: number, overrides: Partial<ChargeLoan> = {}) =>
  loan(formatMinutes(600 + minutes), { bookedEnd: at(formatMinutes(600 + minutes)), ...overrides });
const rent = (hours: number) => ({ label: `Sewa ${hours} jam`, amount: hours * 10_000 });
const fine = (hours: number) => ({ label: `Denda terlambat ${hours} jam`, amount: hours * 10_000 });

describe('chargeFor', () => {
  it.each<[string, ChargeLoan, { class: string }, { label: string; amount: number }[]]>([
    ['home class on time', loan('12:00'), HOME, []],
    ['home class back early', loan('11:00'), HOME, []],
    ['home class 10 minutes late (the grace)', loan('12:10'), HOME, []],
    ['home class 11 minutes late', loan('12:11'), HOME, [fine(1)]],
    ['home class 60 minutes late', loan('13:00'), HOME, [fine(1)]],
    ['home class 61 minutes late', loan('13:01'), HOME, [fine(2)]],
    ['other class 45 minutes of use', short(45), OTHER, []],
    ['other class 59 minutes of use', short(59), OTHER, []],
    ['other class 60 minutes of use', short(60), OTHER, [rent(1)]],
    ['other class 70 minutes of use', short(70), OTHER, [rent(1)]],
    ['other class 71 minutes of use', short(71), OTHER, [rent(2)]],
    ['other class 130 minutes of use', short(130), OTHER, [rent(2)]],
    ['other class 131 minutes of use', short(131), OTHER, [rent(3)]],
    ['other class 2 h, 30 minutes late', loan('12:30'), OTHER, [rent(3), fine(1)]],
    ['other class picked up 20 minutes early', loan('12:00', { pickedUp: at('09:40') }), OTHER, [rent(3)]],
    ['other class, Beli makan, 2 h', loan('12:00', { purpose: 'food' }), OTHER, []],
    ['other class, Beli makan, 15 minutes late', loan('12:15', { purpose: 'food' }), OTHER, [fine(1)]],
    ['other class, Panitia, 2 h', loan('12:00', { purpose: 'committee' }), OTHER, []],
    ['other class, Panitia, 5 h', loan('15:00', { purpose: 'committee', bookedEnd: at('15:00') }), OTHER, []],
    [
      'other class, Panitia, 2 h after 4 h of committee use earlier that day',
      loan('12:00', { purpose: 'committee', committeeMinutesEarlier: 240 }),
      OTHER,
      [rent(1)],
    ],
    ['other class, Panitia, 5 h 40 min (40 late)', loan('15:40', { purpose: 'committee', bookedEnd: at('15:00') }), OTHER, [fine(1)]],
    ['home class, Panitia, 5 h + 61 minutes late', loan('16:01', { purpose: 'committee', bookedEnd: at('15:00') }), HOME, [fine(2)]],
    ['voucher, other class, on time', loan('16:00', { voucher: true, bookedEnd: at('16:00') }), OTHER, []],
    ['voucher, other class, 30 minutes late', loan('16:30', { voucher: true, bookedEnd: at('16:00') }), OTHER, [fine(1)]],
    ['voucher, other class, 75 minutes late', loan('17:15', { voucher: true, bookedEnd: at('16:00') }), OTHER, [rent(2), fine(2)]],
    ['voucher, home class, 75 minutes late', loan('17:15', { voucher: true, bookedEnd: at('16:00') }), HOME, [fine(2)]],
    [
      'overnight voucher, 20 minutes late the next day',
      {
        ...loan(null, { voucher: true }),
        start: at('21:00'),
        pickedUp: at('21:00'),
        bookedEnd: at('03:00', addDays(DAY, 1)),
        returned: at('03:20', addDays(DAY, 1)),
      },
      HOME,
      [fine(1)],
    ],
    ['cancelled', loan(null, { cancelled: true }), OTHER, []],
    ['not picked up (Tidak diambil)', loan(null, { pickedUp: null, released: true }), OTHER, []],
    ['no return recorded: the booked end stands in', loan(null), OTHER, [rent(2)]],
    ['no pickup recorded: the booked start stands in', loan('12:00', { pickedUp: null }), OTHER, [rent(2)]],
  ])('%s', (_name, given, member, lines) => {
    const charge = chargeFor(given, member, RULES);
    expect(charge.lines).toEqual(lines);
    expect(charge.total).toBe(lines.reduce((sum, line) => sum + line.amount, 0));
  });

  const arbitraryLoan = fc.record({
    pickupOffset: fc.integer({ min: -30, max: 60 }),
    duration: fc.integer({ min: 0, max: 6 * 60 }),
    backOffset: fc.integer({ min: -120, max: 600 }),
    purpose: fc.constantFrom('personal' as const, 'food' as const, 'committee' as const),
    voucher: fc.boolean(),
    earlier: fc.integer({ min: 0, max: 300 }),
    home: fc.boolean(),
  });
  type Given = typeof arbitraryLoan extends fc.Arbitrary<infer T> ? T : never;
  const build = (given: Given, extraLate = 0, extraEarly = 0) => {
    const end = 600 + given.duration;
    const pickup = Math.min(600 + given.pickupOffset, end) - extraEarly;
    const back = Math.max(end + given.backOffset, pickup) + extraLate;
    const moment = (minutes: number) => at(formatMinutes(minutes), addDays(DAY, Math.floor(minutes / 1440)));
    return chargeFor(
      {
        start: at('10:00'),
        bookedEnd: moment(end),
        pickedUp: moment(pickup),
        returned: moment(back),
        purpose: given.purpose,
        voucher: given.voucher,
        cancelled: false,
        released: false,
        committeeMinutesEarlier: given.earlier,
      },
      given.home ? HOME : OTHER,
      RULES,
    ).total;
  };

  it('is never negative and always whole rupiah', () => {
    fc.assert(
      fc.property(arbitraryLoan, (given) => {
        const total = build(given);
        return total >= 0 && Number.isInteger(total);
      }),
    );
  });

  it('never costs less for more lateness', () => {
    fc.assert(fc.property(arbitraryLoan, fc.integer({ min: 1, max: 600 }), (given, more) => build(given, more) >= build(given)));
  });

  it('never costs less for a longer use', () => {
    fc.assert(fc.property(arbitraryLoan, fc.integer({ min: 1, max: 120 }), (given, more) => build(given, 0, more) >= build(given)));
  });
});
