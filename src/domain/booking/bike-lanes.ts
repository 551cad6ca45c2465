import { bikeMessages } from '../motor/bike-messages';
import type { DayBooking, LoanOut, ShownBike } from '../schemas/bookings';
import { messages } from '../text/messages';
import { formatHours, formatMinutes, MINUTES_PER_DAY, type MinuteSpan } from '../time/clock';
import { bookedSpan } from './day-timeline';

export interface BikeLane {
  bike: ShownBike;
  bookings: DayBooking[];
  loansOut: LoanOut[];
}

export function bikeLanes(bikes: readonly ShownBike[], bookings: readonly DayBooking[], loansOut: readonly LoanOut[]): BikeLane[] {
  return bikes.map((bike) => ({
    bike,
    bookings: bookings.filter((booking) => booking.motorId === bike.id),
    loansOut: loansOut.filter((loan) => loan.motorId === bike.id),
  }));
}

/** A bike's status line (0060): issue 43's `Beat hitam: tersedia sekarang`, the one-bike text after the bike's name. */
export function bikeStatusText(bike: ShownBike, text: string): string {
  return `${bike.name}: ${text.replace(/^Motor /, '')}`;
}

function busySpans(bookings: readonly DayBooking[]): MinuteSpan[] {
  const spans = bookings.flatMap((booking) => bookedSpan(booking) ?? []).sort((a, b) => a.from - b.from);
  const merged: MinuteSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

function intersect(a: readonly MinuteSpan[], b: readonly MinuteSpan[]): MinuteSpan[] {
  return a.flatMap((one) =>
    b.flatMap((other) => {
      const from = Math.max(one.from, other.from);
      const to = Math.min(one.to, other.to);
      return to > from ? [{ from, to }] : [];
    }),
  );
}

/** The minutes when every bike is booked, as bookings: the week strip marks them taken, so a day is full only when every bike is. */
export function everyBikeBooked(bikes: readonly ShownBike[], bookings: readonly DayBooking[]): DayBooking[] {
  const full = bikes
    .map((bike) => busySpans(bookings.filter((booking) => booking.motorId === bike.id)))
    .reduce(intersect, [{ from: 0, to: MINUTES_PER_DAY }]);
  return full.map((span) => ({
    start: formatMinutes(span.from),
    end: formatMinutes(span.to),
    name: '',
    class: '',
    continuesFromPreviousDay: false,
    continuesNextDay: span.to >= MINUTES_PER_DAY,
    stage: 'booked',
  }));
}

/** The week strip's day with two or more bikes, for a screen reader: taken only while every bike is. */
export function bikesDayText(bookings: readonly DayBooking[], everyBikeMinutes: number): string {
  if (bookings.length === 0) return messages.dayNothingBooked;
  return everyBikeMinutes === 0 ? bikeDayMessages.someBikeFree : bikeDayMessages.everyBikeBooked(formatHours(everyBikeMinutes));
}

export const bikeDayMessages = {
  someBikeFree: 'selalu ada motor yang tersedia',
  everyBikeBooked: (hours: string) => `semua motor terpakai ${hours} jam`,
};

export function bikeLine(bike: ShownBike): string {
  return `${bikeMessages.label}: ${bike.name}`;
}
