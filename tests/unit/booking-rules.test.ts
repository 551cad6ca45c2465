import { describe, expect, it } from 'vitest';
import {
  type BookingFacts,
  type BookingInput,
  type BookingSpan,
  bookingRuleFailures,
  checkBookingRules,
  checkRequired,
  checkVoucherBookingRules,
  findClash,
  firstPerField,
  intervalOn,
  lastBookableDate,
  needsStnk,
  voucherEnd,
  voucherFormHint,
  voucherRuleFailures,
} from '../../src/domain/booking/booking-rules';
import { addDays, todayIn } from '../../src/domain/time/clock';

const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';

const input = (overrides: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Budi Santoso',
  date: TOMORROW,
  start: '08:00',
  end: '10:00',
  reason: 'Ke kampus',
  needStnk: '',
  ...overrides,
});

const span = (date: string, start: string, end: string, endDate = date): BookingSpan => ({ date, start, end, endDate });

const facts = (overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  today: TODAY,
  userClass: 'PPTI 21',
  userBookings: [],
  dayBookings: [],
  ...overrides,
});

/** A booking the borrower already has, which is also one of the day's bookings. */
const own = (...spans: BookingSpan[]): Partial<BookingFacts> => ({ userBookings: spans, dayBookings: spans });

describe('required fields', () => {
  it('reports every missing field at once, and not the optional STNK choice', () => {
    expect(checkRequired(input({ name: '', date: '', start: '', end: '', reason: '', needStnk: '' }))).toEqual({
      name: 'Nama peminjam harus diisi',
      date: 'Tanggal peminjaman harus diisi',
      start: 'Jam mulai harus diisi',
      end: 'Jam selesai harus diisi',
      reason: 'Alasan peminjaman harus diisi',
    });
  });

  it.each([
    ['name', 'Nama peminjam harus diisi'],
    ['date', 'Tanggal peminjaman harus diisi'],
    ['start', 'Jam mulai harus diisi'],
    ['end', 'Jam selesai harus diisi'],
    ['reason', 'Alasan peminjaman harus diisi'],
  ] as const)('reports %s when it is empty or only spaces', (field, message) => {
    expect(checkRequired(input({ [field]: '' }))).toEqual({ [field]: message });
    expect(checkRequired(input({ [field]: '   ' }))).toEqual({ [field]: message });
  });

  it('passes a complete form', () => {
    expect(checkRequired(input())).toEqual({});
  });
});

describe('STNK and voucher codes', () => {
  it.each([
    ['ya', true],
    ['tidak', false],
    ['', false],
  ] as const)('STNK choice %j needs the STNK: %s', (choice, needed) => {
    expect(needsStnk(choice)).toBe(needed);
  });
});

type RuleCase = [string, Partial<BookingInput>, Partial<BookingFacts>, Record<string, string>];

describe('the rules without a voucher, each at its boundary', () => {
  const cases: RuleCase[] = [
    ['end equal to start fails', { start: '10:00', end: '10:00' }, {}, { end: 'Jam selesai harus lebih besar dari jam mulai' }],
    ['end before start fails', { start: '10:00', end: '09:59' }, {}, { end: 'Jam selesai harus lebih besar dari jam mulai' }],
    ['end one minute after start passes', { start: '10:00', end: '10:01' }, {}, {}],
    ['today passes', { date: TODAY }, {}, {}],
    ['yesterday fails', { date: addDays(TODAY, -1) }, {}, { date: 'Tanggal tidak boleh di masa lalu' }],
    ['a year ago fails', { date: '2025-11-22' }, {}, { date: 'Tanggal tidak boleh di masa lalu' }],
    ['a start time that does not parse fails', { start: '25:99' }, {}, { end: 'Durasi jamnya tidak valid' }],
    ['an end time that does not parse fails', { end: '7:5' }, {}, { end: 'Durasi jamnya tidak valid' }],
    ['24:00 does not parse', { end: '24:00' }, {}, { end: 'Durasi jamnya tidak valid' }],
    ['exactly 4 h passes for PPTI 21', { start: '08:00', end: '12:00' }, {}, {}],
    ['4 h 1 min fails for PPTI 21', { start: '08:00', end: '12:01' }, {}, { end: 'Kelas PPTI 21 hanya boleh pinjam 4 jam' }],
    ['the class compares case-insensitively and trimmed', { start: '08:00', end: '12:00' }, { userClass: ' ppti 21 ' }, {}],
    [
      'the message shows the class as stored',
      { start: '08:00', end: '12:01' },
      { userClass: 'ppti 21' },
      { end: 'Kelas ppti 21 hanya boleh pinjam 4 jam' },
    ],
    ['exactly 3 h passes for another class', { start: '08:00', end: '11:00' }, { userClass: 'PPTI 22' }, {}],
    [
      '3 h 1 min fails for another class',
      { start: '08:00', end: '11:01' },
      { userClass: 'PPTI 22' },
      { end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam' },
    ],
    ['a daily total of exactly 4 h passes', { start: '13:00', end: '15:00' }, own(span(TOMORROW, '08:00', '10:00')), {}],
    [
      'a daily total of 4 h 1 min fails',
      { start: '13:00', end: '15:01' },
      own(span(TOMORROW, '08:00', '10:00')),
      { end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)' },
    ],
    [
      'hours already booked show one decimal with a comma',
      { start: '13:00', end: '15:00' },
      own(span(TOMORROW, '08:00', '10:30')),
      { end: 'Kamu udah pinjam 2,5 jam hari ini (maks 4 jam)' },
    ],
    [
      'several bookings add up',
      { start: '13:00', end: '14:00' },
      own(span(TOMORROW, '06:00', '07:30'), span(TOMORROW, '08:00', '10:00')),
      { end: 'Kamu udah pinjam 3,5 jam hari ini (maks 4 jam)' },
    ],
    [
      'the part of an overnight loan that falls on the date counts',
      { start: '10:00', end: '13:00' },
      own(span(TODAY, '20:00', '02:00', TOMORROW)),
      { end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)' },
    ],
    ['bookings of other dates do not count', { start: '08:00', end: '12:00' }, own(span(TODAY, '08:00', '12:00')), {}],
    [
      'a booking ending where another starts passes',
      { start: '08:00', end: '10:00' },
      { dayBookings: [span(TOMORROW, '10:00', '12:00')] },
      {},
    ],
    [
      'a booking starting where another ends passes',
      { start: '12:00', end: '13:00' },
      { dayBookings: [span(TOMORROW, '10:00', '12:00')] },
      {},
    ],
    [
      'one minute of overlap fails',
      { start: '09:00', end: '10:01' },
      { dayBookings: [span(TOMORROW, '10:00', '12:00')] },
      { start: 'Bentrok dengan jadwal lain (10:00 - 12:00)' },
    ],
    [
      'a booking inside another fails',
      { start: '10:30', end: '11:00' },
      { dayBookings: [span(TOMORROW, '10:00', '12:00')] },
      { start: 'Bentrok dengan jadwal lain (10:00 - 12:00)' },
    ],
    [
      'a booking around another fails',
      { start: '09:00', end: '13:00' },
      { dayBookings: [span(TOMORROW, '10:00', '11:00')] },
      { start: 'Bentrok dengan jadwal lain (10:00 - 11:00)' },
    ],
    [
      'an overnight loan from the day before blocks the early hours',
      { start: '01:00', end: '03:00' },
      { dayBookings: [span(TODAY, '20:00', '02:00', TOMORROW)] },
      { start: 'Bentrok dengan jadwal lain (20:00 - 02:00)' },
    ],
    ['and frees the slot where it ends', { start: '02:00', end: '04:00' }, { dayBookings: [span(TODAY, '20:00', '02:00', TOMORROW)] }, {}],
    [
      'a loan ending at midnight does not touch the next day',
      { start: '00:00', end: '01:00' },
      { dayBookings: [span(TODAY, '18:00', '00:00', TOMORROW)] },
      {},
    ],
    [
      'an overnight loan blocks the rest of its first day',
      { start: '23:00', end: '23:30' },
      { dayBookings: [span(TOMORROW, '22:00', '04:00', addDays(TOMORROW, 1))] },
      { start: 'Bentrok dengan jadwal lain (22:00 - 04:00)' },
    ],
    [
      'the borrower’s own booking also clashes',
      { start: '09:00', end: '10:00' },
      own(span(TOMORROW, '08:00', '09:30')),
      {
        start: 'Bentrok dengan jadwal lain (08:00 - 09:30)',
      },
    ],
  ];

  it.each(cases)('%s', (_title, overrides, factOverrides, expected) => {
    expect(checkBookingRules(input(overrides), facts(factOverrides))).toEqual(expected);
  });
});

describe('the rules stop at the first failure, in the spec’s order', () => {
  const cases: RuleCase[] = [
    [
      'end before start, before a past date',
      { date: '2025-01-01', start: '10:00', end: '09:00' },
      {},
      {
        end: 'Jam selesai harus lebih besar dari jam mulai',
      },
    ],
    ['a past date, before an unparseable time', { date: '2025-01-01', start: '99:99' }, {}, { date: 'Tanggal tidak boleh di masa lalu' }],
    [
      'the class limit, before the daily total',
      { start: '13:00', end: '17:00' },
      { userClass: 'PPTI 22', ...own(span(TOMORROW, '08:00', '10:00')) },
      {
        end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
      },
    ],
    [
      'the daily total, before an overlap',
      { start: '09:00', end: '12:00' },
      own(span(TOMORROW, '08:00', '10:00')),
      {
        end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)',
      },
    ],
  ];

  it.each(cases)('%s', (_title, overrides, factOverrides, expected) => {
    expect(checkBookingRules(input(overrides), facts(factOverrides))).toEqual(expected);
  });

  it('names the first of several clashing bookings in the order given', () => {
    const dayBookings = [span(TOMORROW, '08:00', '09:00'), span(TOMORROW, '09:00', '10:00')];
    expect(checkBookingRules(input({ start: '08:30', end: '09:30' }), facts({ dayBookings }))).toEqual({
      start: 'Bentrok dengan jadwal lain (08:00 - 09:00)',
    });
  });
});

describe('today is Jakarta’s, at both ends of its day', () => {
  it.each([
    ['00:05', '2026-11-22T17:05:00Z'],
    ['23:55', '2026-11-23T16:55:00Z'],
  ])('at %s WIB today passes and yesterday fails', (_time, instant) => {
    const today = todayIn('Asia/Jakarta', new Date(instant));
    expect(today).toBe('2026-11-23');
    expect(checkBookingRules(input({ date: today }), facts({ today }))).toEqual({});
    expect(checkBookingRules(input({ date: addDays(today, -1) }), facts({ today }))).toEqual({ date: 'Tanggal tidak boleh di masa lalu' });
  });
});

describe('the part of a booking on a date', () => {
  it.each([
    ['a same-day booking on its date', TOMORROW, span(TOMORROW, '08:00', '10:00'), { from: 480, to: 600 }],
    ['a same-day booking on another date', TODAY, span(TOMORROW, '08:00', '10:00'), undefined],
    ['an overnight loan on its first date', TODAY, span(TODAY, '20:00', '02:00', TOMORROW), { from: 1200, to: 1440 }],
    ['an overnight loan on its second date', TOMORROW, span(TODAY, '20:00', '02:00', TOMORROW), { from: 0, to: 120 }],
    ['a loan ending at midnight on the next date', TOMORROW, span(TODAY, '18:00', '00:00', TOMORROW), undefined],
    ['a reversed imported row', TODAY, span(TODAY, '20:00', '02:00'), undefined],
  ])('%s', (_title, date, booking, expected) => {
    expect(intervalOn(date, booking)).toEqual(expected);
  });
});

describe('where a voucher loan ends: 6 hours after its start', () => {
  it.each([
    ['2026-11-22', '08:00', { end: '14:00', endDate: '2026-11-22' }],
    ['2026-11-22', '17:59', { end: '23:59', endDate: '2026-11-22' }],
    ['2026-11-22', '18:00', { end: '00:00', endDate: '2026-11-23' }],
    ['2026-11-22', '20:00', { end: '02:00', endDate: '2026-11-23' }],
    ['2026-12-31', '23:59', { end: '05:59', endDate: '2027-01-01' }],
  ])('%s %s', (date, start, expected) => {
    expect(voucherEnd(date, start)).toEqual(expected);
  });

  it('refuses a start that is not a clock time', () => {
    expect(() => voucherEnd('2026-11-22', '24:00')).toThrow(RangeError);
  });
});

describe('the booking horizon', () => {
  it('accepts the last day of the horizon and refuses the day after, naming the days', () => {
    expect(checkBookingRules(input({ date: '2027-02-20' }), facts({ horizonDays: 90 }))).toEqual({});
    expect(checkBookingRules(input({ date: '2027-02-21' }), facts({ horizonDays: 90 }))).toEqual({
      date: 'Tanggal paling jauh 90 hari dari hari ini',
    });
    expect(lastBookableDate('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('comes after the past-date check and before the duration checks', () => {
    expect(checkBookingRules(input({ date: '9999-12-31', start: '08:00', end: '17:00' }), facts({ horizonDays: 90 }))).toEqual({
      date: 'Tanggal paling jauh 90 hari dari hari ini',
    });
    expect(checkBookingRules(input({ date: '9999-12-31', start: '10:00', end: '09:00' }), facts({ horizonDays: 90 }))).toEqual({
      end: 'Jam selesai harus lebih besar dari jam mulai',
    });
  });

  it('is left to the server when not known (the form)', () => {
    expect(checkBookingRules(input({ date: '9999-12-31' }), facts())).toEqual({});
  });

  it('holds for a voucher too, with 0 days meaning today only', () => {
    const voucherFacts = { today: TODAY, horizonDays: 0, dayBookings: [] };
    expect(checkVoucherBookingRules({ date: TODAY, start: '08:00' }, voucherFacts)).toEqual({});
    expect(checkVoucherBookingRules({ date: TOMORROW, start: '08:00' }, voucherFacts)).toEqual({
      date: 'Tanggal paling jauh 0 hari dari hari ini',
    });
  });
});

describe('a voucher booking never overlaps another booking (decision record 0006)', () => {
  const rules = (start: string, dayBookings: BookingSpan[], date = TOMORROW) =>
    checkVoucherBookingRules({ date, start }, { today: TODAY, horizonDays: 90, dayBookings });

  it('is refused over any minute of its 6 hours, naming the booking in the way', () => {
    expect(rules('09:00', [span(TOMORROW, '14:59', '16:00')])).toEqual({ start: 'Bentrok dengan jadwal lain (14:59 - 16:00)' });
    expect(rules('09:00', [span(TOMORROW, '08:00', '09:01')])).toEqual({ start: 'Bentrok dengan jadwal lain (08:00 - 09:01)' });
  });

  it('fits exactly between two bookings (half-open)', () => {
    expect(rules('09:00', [span(TOMORROW, '08:00', '09:00'), span(TOMORROW, '15:00', '16:00')])).toEqual({});
  });

  it('past midnight, clashes with the next morning before its end and not from its end on', () => {
    const nextDay = addDays(TOMORROW, 1);
    expect(rules('21:00', [span(nextDay, '02:59', '04:00')])).toEqual({ start: 'Bentrok dengan jadwal lain (02:59 - 04:00)' });
    expect(rules('21:00', [span(nextDay, '03:00', '04:00')])).toEqual({});
  });

  it('clashes with an overnight loan from the day before that is still running', () => {
    expect(rules('01:00', [span(TODAY, '22:00', '04:00', TOMORROW)])).toEqual({ start: 'Bentrok dengan jadwal lain (22:00 - 04:00)' });
  });

  it('skips end after start, the past date, the class and the daily limits', () => {
    expect(checkVoucherBookingRules({ date: '2026-11-01', start: '08:00' }, { today: TODAY, horizonDays: 90, dayBookings: [] })).toEqual(
      {},
    );
  });
});

describe('findClash', () => {
  it('finds the first booking sharing a minute, on either date of an overnight span', () => {
    const night = span(TOMORROW, '22:00', '02:00', addDays(TOMORROW, 1));
    const early = span(addDays(TOMORROW, 1), '01:00', '02:00');
    expect(findClash(night, [span(TOMORROW, '08:00', '22:00'), early])).toBe(early);
    expect(findClash(night, [span(TOMORROW, '08:00', '22:00')])).toBeUndefined();
  });
});

describe('the form’s voucher hint', () => {
  it('says when a voucher loan ends, once a code-shaped reason and a start are there', () => {
    expect(voucherFormHint('vch-ab12cd', '09:30')).toBe('Voucher: gratis 6 jam, selesai jam 15:30');
    expect(voucherFormHint(' VCH-AB12CD ', '18:00')).toBe('Voucher: gratis 6 jam, selesai besoknya jam 00:00');
    expect(voucherFormHint('VCH-AB12CD', '23:59')).toBe('Voucher: gratis 6 jam, selesai besoknya jam 05:59');
    expect(voucherFormHint('VCH-AB12CD', '17:59')).toBe('Voucher: gratis 6 jam, selesai jam 23:59');
  });

  it('says nothing without a code-shaped reason or a start time', () => {
    expect(voucherFormHint('Ke kampus', '09:30')).toBeUndefined();
    expect(voucherFormHint('VCH-AB12CD', '')).toBeUndefined();
  });
});

describe('a committee booking of a member marked Panitia (issue 25)', () => {
  it('may last 5 hours whatever the class, not a minute more', () => {
    expect(checkBookingRules(input({ start: '08:00', end: '13:00' }), facts({ userClass: 'PPTI 22', committee: true }))).toEqual({});
    expect(checkBookingRules(input({ start: '08:00', end: '13:01' }), facts({ userClass: 'PPTI 22', committee: true }))).toEqual({
      end: 'Keperluan Panitia hanya boleh pinjam 5 jam',
    });
    expect(checkBookingRules(input({ start: '08:00', end: '12:00' }), facts({ userClass: 'PPTI 22' }))).toEqual({
      end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
    });
  });

  it('may bring the day to 5 hours, where everyone else stops at 4', () => {
    const earlier = own(span(TOMORROW, '06:00', '08:00'));
    expect(checkBookingRules(input({ start: '09:00', end: '12:00' }), facts({ ...earlier, committee: true }))).toEqual({});
    expect(checkBookingRules(input({ start: '09:00', end: '12:01' }), facts({ ...earlier, committee: true }))).toEqual({
      end: 'Kamu udah pinjam 2 jam hari ini (maks 5 jam)',
    });
    expect(checkBookingRules(input({ start: '09:00', end: '12:00' }), facts(earlier))).toEqual({
      end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)',
    });
  });
});

describe('a start already over today (0041)', () => {
  const at = (start: string, date = TODAY) => input({ date, start, end: '23:30' });

  it('passes 15 minutes before now and fails at 16, with Jam mulai sudah lewat under the start', () => {
    expect(checkBookingRules(at('22:42'), facts({ timeNow: '22:57' }))).toEqual({});
    expect(checkBookingRules(at('22:41'), facts({ timeNow: '22:57' }))).toEqual({ start: 'Jam mulai sudah lewat' });
    expect(checkBookingRules(input({ date: TODAY, start: '20:00', end: '21:00' }), facts({ timeNow: '22:57' }))).toEqual({
      start: 'Jam mulai sudah lewat',
    });
  });

  it('passes a start later today, and tomorrow at an earlier clock time', () => {
    expect(checkBookingRules(at('23:00'), facts({ timeNow: '22:57' }))).toEqual({});
    expect(checkBookingRules(input({ date: TOMORROW, start: '08:00', end: '10:00' }), facts({ timeNow: '22:57' }))).toEqual({});
  });

  it('near midnight, never reaches back into the day before', () => {
    expect(checkBookingRules(input({ date: TODAY, start: '00:00', end: '01:00' }), facts({ timeNow: '00:10' }))).toEqual({});
  });

  it('comes after the past date and end before start, before the limits', () => {
    expect(checkBookingRules(input({ date: TODAY, start: '08:00', end: '07:00' }), facts({ timeNow: '12:00' }))).toEqual({
      end: 'Jam selesai harus lebih besar dari jam mulai',
    });
    expect(checkBookingRules(input({ date: TODAY, start: '05:00', end: '11:00' }), facts({ timeNow: '12:00' }))).toEqual({
      start: 'Jam mulai sudah lewat',
    });
  });

  it('is left to the server when the time of day is not known (the form before the clock)', () => {
    expect(checkBookingRules(input({ date: TODAY, start: '08:00', end: '10:00' }), facts())).toEqual({});
  });

  it('holds for a voucher too, before the overlap', () => {
    const voucher = (start: string, date = TODAY) =>
      checkVoucherBookingRules({ date, start }, { today: TODAY, timeNow: '22:57', dayBookings: [span(TODAY, '20:00', '21:00')] });
    expect(voucher('22:42')).toEqual({});
    expect(voucher('22:41')).toEqual({ start: 'Jam mulai sudah lewat' });
    expect(voucher('08:00', TOMORROW)).toEqual({});
  });
});

describe('every failing rule at once, one message per field in the spec’s order (issue 42)', () => {
  it('lists every failure in the spec’s order, the first being what the server answers', () => {
    const failures = bookingRuleFailures(
      input({ date: '2025-01-01', start: '13:00', end: '17:30' }),
      facts({ ...own(span('2025-01-01', '08:00', '10:00')), dayBookings: [span('2025-01-01', '16:00', '18:00')] }),
    );
    expect(failures.map(({ rule }) => rule)).toEqual(['dateInPast', 'classLimit', 'dailyLimit', 'overlap']);
    expect(checkBookingRules(input({ date: '2025-01-01', start: '13:00', end: '17:30' }), facts())).toEqual({
      date: 'Tanggal tidak boleh di masa lalu',
    });
  });

  it('keeps the first message of each field: the date, the start and the end each get theirs', () => {
    const at = { date: TODAY, start: '05:00', end: '10:00' };
    const dayBookings = [span(TODAY, '09:00', '11:00')];
    expect(firstPerField(bookingRuleFailures(at, facts({ timeNow: '12:00', userClass: 'PPTI 22', dayBookings })))).toEqual({
      start: 'Jam mulai sudah lewat',
      end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam',
    });
    const late = { date: '2025-01-01', start: '13:00', end: '17:30' };
    expect(
      firstPerField(
        bookingRuleFailures(
          late,
          facts({ ...own(span('2025-01-01', '08:00', '10:00')), dayBookings: [span('2025-01-01', '16:00', '18:00')] }),
        ),
      ),
    ).toEqual({
      date: 'Tanggal tidak boleh di masa lalu',
      start: 'Bentrok dengan jadwal lain (16:00 - 18:00)',
      end: 'Kelas PPTI 21 hanya boleh pinjam 4 jam',
    });
    expect(firstPerField(bookingRuleFailures({ date: '2025-01-01', start: '10:00', end: '09:00' }, facts()))).toEqual({
      date: 'Tanggal tidak boleh di masa lalu',
      end: 'Jam selesai harus lebih besar dari jam mulai',
    });
  });

  it('adds the daily total beside an overlap, and for a voucher the past start, the horizon and the overlap together', () => {
    const failures = bookingRuleFailures(input({ start: '09:00', end: '12:00' }), facts(own(span(TOMORROW, '08:00', '10:00'))));
    expect(firstPerField(failures)).toEqual({
      start: 'Bentrok dengan jadwal lain (08:00 - 10:00)',
      end: 'Kamu udah pinjam 2 jam hari ini (maks 4 jam)',
    });
    const voucher = voucherRuleFailures(
      { date: '2027-03-01', start: '08:00' },
      { today: TODAY, horizonDays: 90, dayBookings: [span('2027-03-01', '13:00', '14:00')] },
    );
    expect(firstPerField(voucher)).toEqual({
      date: 'Tanggal paling jauh 90 hari dari hari ini',
      start: 'Bentrok dengan jadwal lain (13:00 - 14:00)',
    });
  });
});
