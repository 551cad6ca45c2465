import type { DayBooking, ShownBike } from '../schemas/bookings';
import type { OutOfServiceClock, UnavailableSpan } from '../schemas/out-of-service';

export const inactiveBikeLabel = 'Motor tidak aktif';

export function bikeNameOf(bikes: readonly ShownBike[], booking: Pick<DayBooking, 'motorId'>): string {
  return bikes.find((bike) => bike.id === booking.motorId)?.name ?? inactiveBikeLabel;
}

export function bookingsOnInactiveBikes(bikes: readonly ShownBike[], bookings: readonly DayBooking[]): DayBooking[] {
  return bookings.filter((booking) => !bikes.some((bike) => bike.id === booking.motorId));
}

function overlap(spans: readonly UnavailableSpan[], others: readonly UnavailableSpan[]): UnavailableSpan[] {
  return spans.flatMap((span) =>
    others.flatMap((other) => {
      const from = Math.max(span.from, other.from);
      const to = Math.min(span.to, other.to);
      return to > from ? [{ reason: span.reason, from, to }] : [];
    }),
  );
}

/** Per date, the minutes when every active bike is out of service: the week strip marks a day `Tidak tersedia` only then (0063). */
export function everyBikeUnavailable(
  bikes: readonly ShownBike[],
  byBike: Readonly<Record<string, OutOfServiceClock>>,
): Record<string, UnavailableSpan[]> {
  const [first, ...others] = bikes.map((bike) => byBike[String(bike.id)]?.days ?? {});
  const days: Record<string, UnavailableSpan[]> = {};
  for (const [date, spans] of Object.entries(first ?? {})) {
    const common = others.reduce((shared, other) => overlap(shared, other[date] ?? []), spans);
    if (common.length > 0) days[date] = common;
  }
  return days;
}
