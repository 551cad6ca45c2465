import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link } from 'wouter';
import { bookingFormPath } from '../../../domain/booking/client-routes';
import {
  dayTimeline,
  formatDayMinute,
  offeredTimes,
  openingSegmentIndex,
  type ScheduleNow,
  type TimelineSegment,
  timelineBookingLabel,
} from '../../../domain/booking/day-timeline';
import type { DayBooking } from '../../../domain/schemas/bookings';
import type { UnavailableSpan } from '../../../domain/schemas/out-of-service';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';

interface DayTimelineProps {
  date: string;
  bookings: DayBooking[];
  bookableFrom: number | undefined;
  /** How long a free gap's link asks for (gapFillHours). */
  fillHours: number;
  /** Offline the gaps' links are shown disabled: a booking cannot be sent (issue 42). */
  offline?: boolean;
  /** Undefined until the server's clock is known: no block says it is out or late before then. */
  now: ScheduleNow | undefined;
  /** The day's parts of `Tidak tersedia` periods (issue 27), drawn as blocks. */
  unavailable: UnavailableSpan[] | undefined;
  /** Shown in each booked block not over yet (the waiting list's button): another feature's, so the page passes it. */
  waitAction?: (block: { date: string; from: number; to: number; motorId?: number }) => ReactNode;
  /** A bike's lane (0060): its free gaps open the form on that bike. */
  motorId?: number;
}

// Grows only up to 4 hours, so a night's free time does not push the afternoon off a phone's screen.
function blockHeight(segment: TimelineSegment): string {
  if (segment.kind === 'past') return '2.75rem';
  const hours = Math.min(segment.to - segment.from, 240) / 60;
  return `${3.5 + hours * 0.75}rem`;
}

function BookingBlock({ booking, label, children }: { booking: DayBooking; label: string; children: ReactNode }) {
  // A released no-show never took the bike: no stripes of "taken".
  const left = booking.stage !== 'released';
  return (
    <div
      className={`flex h-full overflow-hidden rounded-md border bg-white ${left ? 'border-slate-400' : 'border-dashed border-slate-500'}`}
    >
      {/* Stripes say "taken" without relying on colour; the text says it in words. */}
      {left && <span aria-hidden="true" className="pattern-busy w-3 shrink-0" />}
      <div className="min-w-0 px-3 py-2">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{label}</span>{' '}
          <span className="tabular-nums">
            {booking.start} - {booking.end}
          </span>
        </p>
        <p className="font-semibold break-words">
          {booking.name} <span className="font-normal text-slate-700">({booking.class})</span>
        </p>
        {booking.continuesFromPreviousDay && <p className="text-xs text-slate-700">{messages.continuesFromPreviousDay}</p>}
        {booking.continuesNextDay && <p className="text-xs text-slate-700">{messages.continuesNextDay}</p>}
        {children}
      </div>
    </div>
  );
}

function UnavailableBlock({ reason, from, to }: { reason: string; from: number; to: number }) {
  return (
    <p className="out-block">
      {messages.outOfService.timelineBlock(reason)}{' '}
      <span className="font-normal tabular-nums">{`${formatDayMinute(from)} - ${formatDayMinute(to)}`}</span>
    </p>
  );
}

function FreeBlock({
  date,
  segment,
  fillHours,
  offline,
  motorId,
}: {
  date: string;
  segment: TimelineSegment;
  fillHours: number;
  offline?: boolean;
  motorId?: number;
}) {
  const offered = offeredTimes(segment, fillHours);
  const style = `${buttonStyles.secondary} border-emerald-700 px-3 text-sm`;
  return (
    <div className="flex h-full flex-wrap items-center justify-between gap-2 rounded-md border-2 border-dashed border-emerald-700 bg-emerald-50 px-3 py-2">
      <p className="font-semibold text-emerald-900 tabular-nums">
        {messages.timelineFree(formatDayMinute(segment.from), formatDayMinute(segment.to))}
      </p>
      {offline ? (
        <button type="button" disabled className={style}>
          {messages.timelineBook(offered.start, offered.end)}
        </button>
      ) : (
        <Link to={`${bookingFormPath(date, offered.start, offered.end)}${motorId ? `&motor=${motorId}` : ''}`} className={style}>
          {messages.timelineBook(offered.start, offered.end)}
        </Link>
      )}
    </div>
  );
}

/** Today's view opens at the block of now, once per day shown: a refresh or the minute ticking never moves it. */
function useOpenAtNow(date: string, index: number | undefined) {
  const list = useRef<HTMLOListElement>(null);
  const opened = useRef<string>(undefined);
  useLayoutEffect(() => {
    const box = list.current;
    if (!box || opened.current === date || index === undefined) return;
    opened.current = date;
    const item = box.children[index] as HTMLElement | undefined;
    box.scrollTop = item?.offsetTop ?? 0;
  }, [date, index]);
  return list;
}

export function DayTimeline({ date, bookings, bookableFrom, fillHours, offline, now, unavailable, waitAction, motorId }: DayTimelineProps) {
  const segments = dayTimeline(bookings, bookableFrom, unavailable);
  const list = useOpenAtNow(date, openingSegmentIndex(segments, date, now));
  return (
    <ol
      ref={list}
      // A box of its own, scrolled to now, so the status line and the buttons above stay in sight (0051).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled box must take the keyboard's arrows (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-label={messages.timelineOf(formatIndonesianDate(date))}
      className="relative flex max-h-[70vh] flex-col gap-1 overflow-y-auto overscroll-contain rounded-md"
    >
      {segments.map((segment, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: two imported bookings may share every field; the list is rebuilt whole, never reordered in place
          key={`${index}-${segment.kind}-${segment.from}`}
          className="grid grid-cols-[3rem_1fr] gap-2"
          style={{ minHeight: blockHeight(segment) }}
        >
          <span aria-hidden="true" className="pt-2 text-sm text-slate-700 tabular-nums">
            {formatDayMinute(segment.from)}
          </span>
          {segment.kind === 'booking' ? (
            <BookingBlock booking={segment.booking} label={timelineBookingLabel(segment.booking, date, now)}>
              {now &&
                (date > now.date || (date === now.date && segment.to > now.minutes)) &&
                waitAction?.({ date, from: segment.from, to: segment.to, motorId })}
            </BookingBlock>
          ) : segment.kind === 'unavailable' ? (
            <UnavailableBlock reason={segment.reason} from={segment.from} to={segment.to} />
          ) : segment.kind === 'free' ? (
            <FreeBlock date={date} segment={segment} fillHours={fillHours} offline={offline} motorId={motorId} />
          ) : (
            <p className="flex h-full items-center rounded-md bg-slate-100 px-3 text-sm text-slate-700">
              {messages.timelinePast}{' '}
              <span className="ml-1 tabular-nums">{`${formatDayMinute(segment.from)} - ${formatDayMinute(segment.to)}`}</span>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
