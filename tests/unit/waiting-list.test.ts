import { describe, expect, it } from 'vitest';
import { borrowerKeyboard } from '../../src/domain/chat/borrower-bot';
import { messages } from '../../src/domain/text/messages';
import {
  busyRangesOn,
  checkWait,
  findHold,
  formatTakenParts,
  freeSpanToOffer,
  isWaitOver,
  offerText,
  parseOfferCallback,
  parseTakenParts,
  takenParts,
} from '../../src/domain/waiting-list/waiting-list';

const DATE = '2026-11-23';
const wanted = { date: DATE, start: '10:00', end: '12:00', taken: [{ from: 600, to: 720 }] };
const morning = { date: DATE, time: '08:00' };
const booking = (start: string, end: string, date = DATE, endDate = date) => ({ date, start, end, endDate });
const busy = (...bookings: ReturnType<typeof booking>[]) => busyRangesOn(DATE, { bookings, periods: [], holds: [] });

describe('checkWait', () => {
  const facts = { today: '2026-11-22', timeNow: '09:00', horizonDays: 7, openWaits: 0, taken: [{ from: 660, to: 690 }] };
  it('takes a partly taken span from today to the horizon while fewer than three are open or offered', () => {
    expect(checkWait(wanted, facts)).toEqual({});
    expect(checkWait({ ...wanted, date: '2026-11-29' }, facts)).toEqual({});
    expect(checkWait(wanted, { ...facts, openWaits: 2 })).toEqual({});
  });
  it('refuses a fourth, a past date, a date beyond the horizon, an end not after the start, a span over today', () => {
    expect(checkWait(wanted, { ...facts, openWaits: 3 })).toEqual({ date: 'Kamu sudah menunggu 3 slot.' });
    expect(checkWait(wanted, { ...facts, taken: [] })).toEqual({ start: 'Jam itu masih kosong, langsung pesan saja.' });
    expect(checkWait({ ...wanted, date: '2026-11-21' }, facts)).toEqual({ date: messages.dateInPast });
    expect(checkWait({ ...wanted, date: '2026-11-30' }, facts)).toEqual({ date: messages.dateBeyondHorizon(7) });
    expect(checkWait({ ...wanted, end: '10:00' }, facts)).toEqual({ end: messages.endNotAfterStart });
    expect(checkWait({ ...wanted, date: '2026-11-22' }, { ...facts, timeNow: '12:00' })).toEqual({ end: messages.startInPast });
    expect(checkWait({ ...wanted, date: '2026-11-22' }, { ...facts, timeNow: '11:59' })).toEqual({});
  });
});

describe('freeSpanToOffer', () => {
  it('offers nothing while the span is taken, all of it once free', () => {
    expect(freeSpanToOffer(wanted, busy(booking('09:00', '12:30')), morning)).toBeUndefined();
    expect(freeSpanToOffer(wanted, busy(booking('08:00', '10:00'), booking('12:00', '13:00')), morning)).toEqual({
      date: DATE,
      start: '10:00',
      end: '12:00',
    });
  });
  it('offers a freed part of at least 30 minutes, the longest, the earliest of equals', () => {
    expect(freeSpanToOffer(wanted, busy(booking('10:00', '11:30')), morning)).toEqual({ date: DATE, start: '11:30', end: '12:00' });
    expect(freeSpanToOffer(wanted, busy(booking('10:00', '11:31')), morning)).toBeUndefined();
    expect(freeSpanToOffer(wanted, busy(booking('10:30', '11:30')), morning)).toEqual({ date: DATE, start: '10:00', end: '10:30' });
    expect(freeSpanToOffer(wanted, busy(booking('10:40', '11:00')), morning)).toEqual({ date: DATE, start: '11:00', end: '12:00' });
  });
  it('offers a short span whole, never its past, nothing once over', () => {
    const short = { date: DATE, start: '10:00', end: '10:20', taken: [{ from: 600, to: 620 }] };
    expect(freeSpanToOffer(short, [], morning)).toEqual({ date: DATE, start: '10:00', end: '10:20' });
    expect(freeSpanToOffer(wanted, [], { date: DATE, time: '11:00' })).toEqual({ date: DATE, start: '11:00', end: '12:00' });
    expect(freeSpanToOffer(wanted, [], { date: DATE, time: '11:45' })).toBeUndefined();
    expect(freeSpanToOffer(short, [], { date: DATE, time: '10:05' })).toBeUndefined();
    expect(freeSpanToOffer(wanted, [], { date: DATE, time: '12:00' })).toBeUndefined();
    expect(isWaitOver(wanted, { date: '2026-11-24', time: '00:00' })).toBe(true);
  });
  it('counts an overnight loan, an out-of-service period and another offer hold as taken', () => {
    const overnight = booking('20:00', '11:00', '2026-11-22', DATE);
    const period = { fromDate: DATE, fromTime: '11:00', untilDate: DATE, untilTime: '11:40', reason: 'Servis' };
    const ranges = busyRangesOn(DATE, { bookings: [overnight], periods: [period], holds: [{ date: DATE, start: '11:40', end: '11:50' }] });
    expect(ranges).toEqual([
      { from: 0, to: 660 },
      { from: 660, to: 700 },
      { from: 700, to: 710 },
    ]);
    expect(freeSpanToOffer(wanted, ranges, morning)).toBeUndefined();
    const openEnded = { ...period, untilDate: null, untilTime: null };
    expect(freeSpanToOffer(wanted, busyRangesOn(DATE, { bookings: [], periods: [openEnded], holds: [] }), morning)).toEqual({
      date: DATE,
      start: '10:00',
      end: '11:00',
    });
  });
});

describe('the parts taken when asked', () => {
  const allDay = { date: DATE, start: '00:00', end: '23:59' };
  it('are the busy minutes inside the span still to come, merged; none on a free day', () => {
    expect(takenParts(allDay, [], morning)).toEqual([]);
    expect(takenParts(allDay, busy(booking('06:00', '09:00'), booking('09:00', '10:00'), booking('14:00', '15:00')), morning)).toEqual([
      { from: 480, to: 600 },
      { from: 840, to: 900 },
    ]);
    expect(takenParts(wanted, busy(booking('06:00', '09:00')), morning)).toEqual([]);
    expect(
      parseTakenParts(
        formatTakenParts([
          { from: 480, to: 600 },
          { from: 840, to: 900 },
        ]),
        allDay,
      ),
    ).toEqual([
      { from: 480, to: 600 },
      { from: 840, to: 900 },
    ]);
    expect(parseTakenParts(null, wanted)).toEqual([{ from: 600, to: 720 }]);
  });
  it('are all that is offered once freed: never the minutes that were free when asked', () => {
    const wait = { ...allDay, taken: [{ from: 600, to: 720 }] };
    expect(freeSpanToOffer(wait, [], morning)).toEqual({ date: DATE, start: '10:00', end: '12:00' });
    expect(freeSpanToOffer({ ...allDay, taken: [] }, [], morning)).toBeUndefined();
    const short = { ...allDay, taken: [{ from: 600, to: 615 }] };
    expect(freeSpanToOffer(short, [], morning)).toEqual({ date: DATE, start: '10:00', end: '10:15' });
    expect(freeSpanToOffer(wait, busy(booking('10:00', '11:45')), morning)).toBeUndefined();
  });
});

describe('holds and the offer buttons', () => {
  const hold = { date: DATE, start: '10:00', end: '11:00', id: 1 };
  it('a booking sharing a minute with a hold is held; touching edges are not', () => {
    expect(findHold(booking('10:30', '12:00'), [hold])).toBe(hold);
    expect(findHold(booking('11:00', '12:00'), [hold])).toBeUndefined();
    expect(findHold(booking('09:00', '10:00'), [hold])).toBeUndefined();
    expect(findHold(booking('20:00', '10:30', '2026-11-22', DATE), [hold])).toBe(hold);
  });
  it('says the offer and reads only its own presses', () => {
    expect(offerText(wanted, '09:15')).toBe('Slot Senin, 23 November 2026 jam 10:00-12:00 kosong, ditahan untukmu sampai jam 09:15.');
    expect(borrowerKeyboard({ kind: 'offer', offerId: 7 })).toEqual({
      inline_keyboard: [
        [
          { text: 'Ambil', callback_data: 'wa:7' },
          { text: 'Lewati', callback_data: 'ws:7' },
        ],
      ],
    });
    expect(parseOfferCallback('wa:7')).toEqual({ action: 'take', offerId: 7 });
    expect(parseOfferCallback('ws:12')).toEqual({ action: 'skip', offerId: 12 });
    for (const bad of ['wa', 'wa:', 'wa:0', 'wa:07', 'wa:7:1', 'wx:7', 'wa:x', 'bc:7']) expect(parseOfferCallback(bad)).toBeUndefined();
  });
});
