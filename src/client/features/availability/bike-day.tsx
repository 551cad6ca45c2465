import { type ComponentType, useId, useMemo } from 'react';
import { bikeLanes, bikeStatusText, bikesDayText, everyBikeBooked } from '../../../domain/booking/bike-lanes';
import { bookingsOnInactiveBikes, everyBikeUnavailable, inactiveBikeLabel } from '../../../domain/booking/bikes-shown';
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
/** `/` with two or more bikes (0060), `byBike` each one's periods. `one`, the one-bike component, is passed: importing it split the first load. */
export type BikeDayProps = { bikes: ShownBike[]; byBike?: Record<string, OutOfServiceClock> | undefined } & (
  | { part: 'status'; one: ComponentType<NowStatusProps>; props: NowStatusProps }
  | { part: 'lanes'; one: ComponentType<TimelineProps>; props: TimelineProps & LateFacts }
  | { part: 'week'; one: ComponentType<StripProps>; props: StripProps }
);

export default function BikeDay(day: BikeDayProps) {
  if (day.part === 'week') return <BikeWeekStrip {...day} />;
  if (day.part === 'lanes') return <Lanes {...day} />;
  return <Statuses {...day} />;
}

/** One card, a line per bike; its edge is green while a bike is free. A `Tidak tersedia` period says itself on its own bike's line. */
function Statuses({ bikes, byBike, props: { todayBookings, loansOut, now } }: BikeDayProps & { part: 'status' }) {
  const lines = bikeLanes(bikes, todayBookings, loansOut).map((lane) => {
    const status = nowStatus(lane.bookings, now, lane.loansOut);
    const out = byBike?.[lane.bike.id]?.now ?? null;
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

type LaneProps = TimelineProps & { id: string; heading: string };

function Lane({ one: Timeline, id, heading, ...props }: LaneProps & { one: ComponentType<TimelineProps> }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-2 font-semibold">
        {heading}
      </h3>
      <Timeline {...props} />
    </section>
  );
}

/** Side by side from a tablet's width, one under the other on a phone; bookings on a bike switched off since last, offering no time (0063). */
function Lanes({ one, bikes, byBike, props: { today = [], loansOut = [], ...props } }: BikeDayProps & { part: 'lanes' }) {
  const base = useId();
  const { date, now } = props;
  const todayLanes = bikeLanes(bikes, today, loansOut);
  const bookableFrom = (index: number) => {
    const lane = todayLanes[index];
    if (!now || !lane) return props.bookableFrom;
    return firstBookableMinute(date, now, nowStatus(lane.bookings, now, lane.loansOut).kind === 'late');
  };
  const inactive = bookingsOnInactiveBikes(bikes, props.bookings);
  const Timeline = one as ComponentType<TimelineProps>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {bikeLanes(bikes, props.bookings, []).map((lane, index) => (
        <Lane
          key={lane.bike.id}
          one={Timeline}
          id={`${base}-${lane.bike.id}`}
          heading={lane.bike.name}
          {...props}
          bookings={lane.bookings}
          bookableFrom={bookableFrom(index)}
          motorId={lane.bike.id}
          unavailable={byBike?.[lane.bike.id]?.days[date]}
          waitAction={props.waitAction}
        />
      ))}
      {inactive.length > 0 && (
        <Lane
          one={Timeline}
          id={`${base}-inactive`}
          heading={inactiveBikeLabel}
          {...props}
          bookings={inactive}
          bookableFrom={undefined}
          unavailable={undefined}
          waitAction={undefined}
        />
      )}
    </div>
  );
}

/** A day's bar shows the time no bike is free, so a day looks full only when every bike is. */
function BikeWeekStrip({ one: Strip, bikes, byBike, props }: BikeDayProps & { part: 'week' }) {
  const { week } = props;
  const full = useMemo(() => week && new Map([...week].map(([date, bookings]) => [date, everyBikeBooked(bikes, bookings)])), [week, bikes]);
  const describe = (date: string) => bikesDayText(week?.get(date) ?? [], bookedMinutes(full?.get(date) ?? []));
  const unavailable = useMemo(() => byBike && everyBikeUnavailable(bikes, byBike), [byBike, bikes]);
  return <Strip {...props} week={full} describe={describe} unavailable={unavailable ?? props.unavailable} />;
}
