import { useState } from 'react';
import type { BookingInput } from '../../../domain/booking/booking-rules';
import { bookedSpan } from '../../../domain/booking/day-timeline';
import { nextFreeSpan } from '../../../domain/booking/form-help';
import { findMinutes, type MinuteSpan } from '../../../domain/time/clock';
import { fetchDayBookings } from '../../lib/schedule-api';

type When = Pick<BookingInput, 'date' | 'start' | 'end'>;
const keyOf = ({ date, start, end }: When) => `${date} ${start} ${end}`;

/**
 * After the server refuses a time, the day's bookings (and `Tidak tersedia` spans) are read again: when the time does clash with them,
 * `Pakai jam …` offers the next free span of the same length. Shown only while the date and times are still the refused ones.
 */
export function useTimeOffer(unavailable: Record<string, MinuteSpan[]> | undefined, current: When) {
  const [offer, setOffer] = useState<{ key: string; span: { start: string; end: string } }>();

  const findOffer = async (refused: When) => {
    const day = await fetchDayBookings(refused.date);
    const start = findMinutes(refused.start);
    const end = findMinutes(refused.end);
    if (!day.ok || start === undefined || end === undefined) return;
    const taken = [...day.data.bookings.flatMap((booking) => bookedSpan(booking) ?? []), ...(unavailable?.[refused.date] ?? [])];
    if (!taken.some((span) => span.from < end && span.to > start)) return;
    const span = nextFreeSpan(refused, taken);
    setOffer(span && { key: keyOf(refused), span });
  };

  return { offer: offer?.key === keyOf(current) ? offer.span : undefined, findOffer };
}
