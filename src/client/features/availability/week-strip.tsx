import { bookedMinutes, bookedSpan } from '../../../domain/booking/day-timeline';
import { type DateWindow, isInWindow, nearestInWindow } from '../../../domain/booking/schedule-window';
import type { DayBooking } from '../../../domain/schemas/bookings';
import type { UnavailableSpan } from '../../../domain/schemas/out-of-service';
import { messages } from '../../../domain/text/messages';
import {
  addDays,
  formatDateRange,
  formatHours,
  formatIndonesianDate,
  formatShortWeekday,
  MINUTES_PER_DAY,
} from '../../../domain/time/clock';

interface WeekStripProps {
  weekStart: string;
  chosen: string | undefined;
  week: Map<string, DayBooking[]> | undefined;
  /** Days outside it cannot be picked (0037); unknown until the clock is loaded. */
  window: DateWindow | undefined;
  onPick: (date: string) => void;
  /** Per date, the parts of `Tidak tersedia` periods (issue 27): those days are marked. */
  unavailable: Record<string, UnavailableSpan[]> | undefined;
  /** What a screen reader hears of a loaded day instead of its booked hours (several bikes, 0060). */
  describe?: ((date: string) => string) | undefined;
}

const arrowClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

function Arrow({
  direction,
  label,
  disabled,
  onClick,
}: {
  direction: 'previous' | 'next';
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={arrowClass} disabled={disabled} onClick={onClick}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
        <path d={direction === 'previous' ? 'M12.5 4 6.5 10l6 6 1.4-1.4L9.3 10l4.6-4.6z' : 'M7.5 4l6 6-6 6-1.4-1.4L10.7 10 6.1 5.4z'} />
      </svg>
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** `out`: a `Tidak tersedia` period's part of the day, drawn in the warning colour. */
function DayBar({ spans }: { spans: { from: number; to: number; out?: boolean }[] }) {
  return (
    <span aria-hidden="true" className="relative block h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
      {spans.map((span, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: two imported bookings may share a span; the bar is redrawn whole
          key={index}
          className={`absolute inset-y-0 ${span.out ? 'bg-red-700' : 'bg-slate-700'}`}
          style={{ left: `${(span.from / MINUTES_PER_DAY) * 100}%`, width: `${((span.to - span.from) / MINUTES_PER_DAY) * 100}%` }}
        />
      ))}
    </span>
  );
}

function bookedText(minutes: number): string {
  return minutes === 0 ? messages.dayNothingBooked : messages.dayBookedHours(formatHours(minutes));
}

export function WeekStrip({ weekStart, chosen, week, window, onPick, unavailable: unavailableDays, describe }: WeekStripProps) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  const weekEnd = addDays(weekStart, 6);
  const shown = (date: string) => !window || isInWindow(date, window);
  const pickable = (date: string) => (window ? nearestInWindow(date, window) : date);
  // Arrows keep the weekday: from Wednesday to the Wednesday of the next week, or the window's nearest end.
  const offset = chosen && chosen >= weekStart && chosen <= weekEnd ? days.indexOf(chosen) : 0;
  return (
    <div className="mt-4">
      <div className="flex items-center justify-between gap-2">
        <Arrow
          direction="previous"
          label={messages.weekPrevious}
          disabled={window !== undefined && weekStart <= window.from}
          onClick={() => onPick(pickable(addDays(weekStart, offset - 7)))}
        />
        <p className="font-medium">{formatDateRange(weekStart, weekEnd)}</p>
        <Arrow
          direction="next"
          label={messages.weekNext}
          disabled={window !== undefined && weekEnd >= window.to}
          onClick={() => onPick(pickable(addDays(weekStart, offset + 7)))}
        />
      </div>
      <ul aria-label={messages.weekDays} className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(2.75rem,1fr))] gap-0.5 sm:gap-2">
        {days.map((date) => {
          const bookings = week?.get(date);
          const picked = date === chosen;
          const booked = bookings ? bookedMinutes(bookings) : 0;
          const unavailable = unavailableDays?.[date] ?? [];
          return (
            <li key={date}>
              <button
                type="button"
                aria-pressed={picked}
                disabled={!shown(date)}
                onClick={() => onPick(date)}
                className={`flex min-h-16 w-full min-w-11 flex-col items-center gap-1 rounded-md border px-0.5 py-1.5 disabled:cursor-not-allowed disabled:opacity-40 ${
                  picked
                    ? 'border-blue-800 bg-blue-700 font-bold text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'
                }`}
              >
                <span aria-hidden="true" className="text-xs">
                  {formatShortWeekday(date)}
                </span>
                <span aria-hidden="true" className={`text-base tabular-nums ${picked ? 'underline underline-offset-4' : ''}`}>
                  {Number(date.slice(8))}
                </span>
                {bookings && (
                  <DayBar
                    spans={[
                      ...bookings.flatMap((booking) => bookedSpan(booking) ?? []),
                      ...unavailable.map((span) => ({ ...span, out: true })),
                    ]}
                  />
                )}
                {unavailable.length > 0 && (
                  // Seen as a cross, heard as words: not by the bar's colour alone.
                  <span aria-hidden="true" className={`text-xs leading-none font-bold ${picked ? 'text-white' : 'text-red-800'}`}>
                    ✕
                  </span>
                )}
                <span className="sr-only">
                  {bookings ? `${formatIndonesianDate(date)}, ${describe?.(date) ?? bookedText(booked)}` : formatIndonesianDate(date)}
                  {unavailable.length > 0 ? `, ${messages.outOfService.weekMark}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
