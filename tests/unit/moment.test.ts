import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingsShownOn } from '../../src/domain/booking/booking-day';
import { type BookingSpan, findClash, intervalOn } from '../../src/domain/booking/booking-rules';
import { bookedSpan } from '../../src/domain/booking/day-timeline';
import { minutesBetween } from '../../src/domain/handover/handover';
import { type OutOfServicePeriod, overlapsPeriod } from '../../src/domain/out-of-service/out-of-service';
import { addDays, findMinutes, formatMinutes, partOfDay } from '../../src/domain/time/clock';
import { findInstant, findSpanMinutes, type LocalMoment, midnightOf, overlaps } from '../../src/domain/time/moment';

const anyDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const nearDate = fc.integer({ min: 0, max: 3 }).map((days) => addDays('2026-11-27', days));
const anyTime = fc.integer({ min: 0, max: 1439 }).map(formatMinutes);
// Edges (midnight, touching spans) come up often, not once in a thousand runs.
const edgyTime = fc.oneof(fc.constantFrom('00:00', '00:01', '10:00', '12:00', '23:59'), anyTime);
const key = (moment: LocalMoment) => `${moment.date} ${moment.time}`;
const startOf = (span: BookingSpan) => key({ date: span.date, time: span.start });
const endOf = (span: BookingSpan) => key({ date: span.endDate, time: span.end });

/** A span as bookings are stored: same day, over midnight, ending at 00:00, empty, or reversed (imported rows). */
const bookingSpan = fc
  .record({ date: nearDate, start: edgyTime, end: edgyTime, overnight: fc.boolean() })
  .map(({ date, start, end, overnight }) => ({ date, start, end, endDate: overnight ? addDays(date, 1) : date }));

/** The minutes a span holds, each written as text and counted one by one: no arithmetic shared with the code under test. */
function minuteKeys(span: BookingSpan): string[] {
  const keys: string[] = [];
  let moment = { date: span.date, time: span.start };
  while (key(moment) < endOf(span)) {
    keys.push(key(moment));
    const next = (findMinutes(moment.time) ?? 0) + 1;
    moment = { date: next === 1440 ? addDays(moment.date, 1) : moment.date, time: formatMinutes(next) };
  }
  return keys;
}

describe('the one time model', () => {
  it('counts a date’s midnight from 1970-01-01 as Date does, from year 1 to 9999', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(midnightOf(date)).toBe(Date.parse(`${date}T00:00:00Z`) / 60_000);
      }),
      { numRuns: 1000 },
    );
  });

  it('orders moments as their text does, and counts the minutes between them as the handover does', () => {
    fc.assert(
      fc.property(fc.record({ date: anyDate, time: anyTime }), fc.record({ date: anyDate, time: anyTime }), (a, b) => {
        const difference = (findInstant(b) ?? Number.NaN) - (findInstant(a) ?? Number.NaN);
        expect(Math.sign(difference)).toBe(key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0);
        expect(difference).toBe(minutesBetween(a, b));
      }),
    );
  });

  it('has no instant for a time that is not HH:MM', () => {
    expect(findInstant({ date: '2026-11-27', time: '24:00' })).toBeUndefined();
    expect(findSpanMinutes({ date: '2026-11-27', time: '10:00' }, { date: '2026-11-27', time: '' })).toBeUndefined();
    expect(findSpanMinutes({ date: '2026-11-27', time: '10:00' }, undefined)?.to).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the one overlap rule', () => {
  const span = fc.record({ from: fc.integer({ min: -10, max: 10 }), length: fc.integer({ min: 1, max: 10 }) });

  it('says two spans with minutes overlap exactly when they share one, so touching edges do not', () => {
    fc.assert(
      fc.property(span, span, (a, b) => {
        const first = { from: a.from, to: a.from + a.length };
        const second = { from: b.from, to: b.from + b.length };
        const shared = Array.from({ length: a.length }, (_, index) => a.from + index).some(
          (minute) => second.from <= minute && minute < second.to,
        );
        expect(overlaps(first, second)).toBe(shared);
      }),
    );
    expect(overlaps({ from: 480, to: 600 }, { from: 600, to: 720 })).toBe(false);
    expect(overlaps({ from: 600, to: 720 }, { from: 480, to: 600 })).toBe(false);
  });

  it('finds a clash exactly where a booking shares a minute with the wanted span, over midnight too; empty and reversed rows share none', () => {
    fc.assert(
      fc.property(bookingSpan, bookingSpan, (wanted, taken) => {
        const wantedKeys = minuteKeys(wanted);
        const shared = wantedKeys.some((minute) => startOf(taken) <= minute && minute < endOf(taken));
        expect(findClash(wanted, [taken])).toBe(shared ? taken : undefined);
      }),
    );
  });

  it('puts a booking inside a period as the text comparison of their moments always did, open-ended periods too', () => {
    const period = fc
      .record({
        fromDate: nearDate,
        fromTime: edgyTime,
        until: fc.option(fc.record({ date: nearDate, time: edgyTime }), { nil: undefined }),
      })
      .map(
        ({ fromDate, fromTime, until }): OutOfServicePeriod => ({
          fromDate,
          fromTime,
          untilDate: until?.date ?? null,
          untilTime: until?.time ?? null,
          reason: 'Servis',
        }),
      );
    fc.assert(
      fc.property(bookingSpan, period, (booking, out) => {
        const outStart = key({ date: out.fromDate, time: out.fromTime });
        const outEnd = out.untilDate === null || out.untilTime === null ? undefined : key({ date: out.untilDate, time: out.untilTime });
        expect(overlapsPeriod(booking, out)).toBe((outEnd === undefined || startOf(booking) < outEnd) && outStart < endOf(booking));
      }),
    );
  });
});

describe('the one span of a day', () => {
  it('cuts a span into day parts that add up to it, each within its day', () => {
    const span = fc.record({ from: fc.integer({ min: -3000, max: 3000 }), length: fc.integer({ min: -100, max: 4000 }) });
    fc.assert(
      fc.property(span, ({ from, length }) => {
        const parts = [-3, -2, -1, 0, 1, 2, 3, 4].map((day) => partOfDay({ from, to: from + length }, day * 1440));
        const total = parts.reduce((sum, part) => sum + (part ? part.to - part.from : 0), 0);
        expect(total).toBe(Math.max(0, length));
        for (const part of parts) if (part) expect(part.from >= 0 && part.from < part.to && part.to <= 1440).toBe(true);
      }),
    );
  });

  it('gives a date the same minutes on the server (intervalOn) as on the page (bookedSpan of the day’s list)', () => {
    const shownOn = fc.integer({ min: 0, max: 1 });
    fc.assert(
      fc.property(bookingSpan, shownOn, (booking, after) => {
        const date = addDays(booking.date, after);
        const [shown] = bookingsShownOn(date, [{ ...booking, name: 'Budi', class: 'PPTI 21', stage: 'booked' }]);
        expect(shown && bookedSpan(shown)).toEqual(intervalOn(date, booking));
      }),
    );
  });

  it('counts a date from its own midnight', () => {
    const instant = findInstant({ date: '2026-11-28', time: '02:00' }) ?? 0;
    expect(partOfDay({ from: instant - 240, to: instant }, midnightOf('2026-11-28'))).toEqual({ from: 0, to: 120 });
    expect(partOfDay({ from: instant - 240, to: instant }, midnightOf('2026-11-27'))).toEqual({ from: 1320, to: 1440 });
  });
});
