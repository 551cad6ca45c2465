import { type ComponentType, useId, useMemo } from 'react';
import { bikeLanes, bikeStatusText, bikesDayText, everyBikeBooked } from '../../../domain/booking/bike-lanes';
import { bookedMinutes, firstBookableMinute, nowStatus } from '../../../domain/booking/day-timeline';
import { statusText } from '../../../domain/booking/status-text';
import type { DayBooking, LoanOut, ShownBike } from '../../../domain/schemas/bookings';
import type { OutOfServiceClock } from '../../../domain/schemas/out-of-service';
import type { DayTimeline } from './day-timeline';
import type { NowStatusProps } from './now-status';
import type { WeekStrip } from './week-strip';

type TimelineProps = Parameters<typeof DayTimeline>[0];
/** Today's bookings and the loans out: a late loan holds back its own bike's free time only, as the server does (0060). */
type LateFacts = { today?: DayBooking[] | undefined; loansOut?: LoanOut[] | undefined };
type StripProps = Parameters<typeof WeekStrip>[0];
/** Each bike's `Tidak tersedia` periods by its id (0060). */
type ByBike = { outOfServiceByBike?: Record<string, OutOfServiceClock> | undefined };

/** `/` with two or more bikes (0060). `one`, the one-bike component, is passed: importing it split the first load over its budget. */
export type BikeDayProps = { bikes: ShownBike[] } & (
  | { part: 'status'; one: ComponentType<NowStatusProps>; props: NowStatusProps & ByBike }
  | { part: 'lanes'; one: ComponentType<TimelineProps>; props: TimelineProps & LateFacts & ByBike }
  | { part: 'week'; one: ComponentType<StripProps>; props: StripProps }
);

export default function BikeDay(day: BikeDayProps) {
  if (day.part === 'week') return <BikeWeekStrip {...day} />;
  if (day.part === 'lanes') return <Lanes {...day} />;
  return <Statuses {...day} />;
}

/** One card, a line per bike; its edge is green while a bike is free. A `Tidak tersedia` period says itself on its own bike's line. */
function Statuses({ bikes, props: { todayBookings, loansOut, now, outOfServiceByBike } }: BikeDayProps & { part: 'status' }) {
  const lines = bikeLanes(bikes, todayBookings, loansOut).map((lane) => {
    const status = nowStatus(lane.bookings, now, lane.loansOut);
    const out = outOfServiceByBike?.[lane.bike.id]?.now ?? null;
    return { lane, free: out === null && status.kind === 'free', text: bikeStatusText(lane.bike, out ?? statusText(status)) };
  });
  return (
    <ul
      className={`mt-3 rounded-lg border-l-8 bg-white px-4 py-3 font-medium shadow-sm ${
        lines.some((line) => line.free) ? 'border-emerald-700' : 'border-slate-700'
      }`}
    >
      {lines.map(({ lane, free, text }) => (
        <li key={lane.bike.id} className="flex items-center gap-2">
          <span aria-hidden="true" className={free ? 'text-emerald-700' : 'text-slate-700'}>
            {free ? '✓' : '–'}
          </span>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Side by side from a tablet's width, one under the other on a phone; each a region named by its bike. */
function Lanes({
  one: Timeline,
  bikes,
  props: { today = [], loansOut = [], outOfServiceByBike, ...props },
}: BikeDayProps & { part: 'lanes' }) {
  const base = useId();
  const { date, now } = props;
  const todayLanes = bikeLanes(bikes, today, loansOut);
  const bookableFrom = (index: number) => {
    const lane = todayLanes[index];
    if (!now || !lane) return props.bookableFrom;
    return firstBookableMinute(date, now, nowStatus(lane.bookings, now, lane.loansOut).kind === 'late');
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {bikeLanes(bikes, props.bookings, []).map((lane, index) => (
        <section key={lane.bike.id} aria-labelledby={`${base}-${lane.bike.id}`} className="min-w-0">
          <h3 id={`${base}-${lane.bike.id}`} className="mb-2 font-semibold">
            {lane.bike.name}
          </h3>
          <Timeline
            {...props}
            bookings={lane.bookings}
            bookableFrom={bookableFrom(index)}
            motorId={lane.bike.id}
            unavailable={outOfServiceByBike?.[lane.bike.id]?.days[date]}
            // A wait is the first bike's (0060).
            waitAction={index === 0 ? props.waitAction : undefined}
          />
        </section>
      ))}
    </div>
  );
}

/** A day's bar shows the time no bike is free, so a day looks full only when every bike is. */
function BikeWeekStrip({ one: Strip, bikes, props }: BikeDayProps & { part: 'week' }) {
  const { week } = props;
  const full = useMemo(() => week && new Map([...week].map(([date, bookings]) => [date, everyBikeBooked(bikes, bookings)])), [week, bikes]);
  const describe = (date: string) => bikesDayText(week?.get(date) ?? [], bookedMinutes(full?.get(date) ?? []));
  return <Strip {...props} week={full} describe={describe} />;
}
