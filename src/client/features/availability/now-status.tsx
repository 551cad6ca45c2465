import { nowStatus, type ScheduleNow } from '../../../domain/booking/day-timeline';
import { statusText } from '../../../domain/booking/status-text';
import type { DayBooking, LoanOut } from '../../../domain/schemas/bookings';

export interface NowStatusProps {
  todayBookings: DayBooking[];
  loansOut: LoanOut[];
  now: ScheduleNow;
  /** `Motor tidak tersedia (…)` while a `Tidak tersedia` period covers now (issue 27): said first. */
  outOfService: string | null;
}

export function NowStatus({ todayBookings, loansOut, now, outOfService: out }: NowStatusProps) {
  const status = nowStatus(todayBookings, now, loansOut);
  const busy = out !== null || status.kind !== 'free';
  return (
    <p
      className={`mt-3 flex items-center gap-2 rounded-lg border-l-8 bg-white px-4 py-3 font-medium shadow-sm ${
        out ? 'border-red-700' : status.kind === 'late' ? 'border-amber-600' : busy ? 'border-slate-700' : 'border-emerald-700'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="20"
        height="20"
        className={`shrink-0 ${busy ? 'text-slate-700' : 'text-emerald-700'}`}
      >
        {/* A clock face while the bike is out, a tick while it is free: the shape differs, not just the colour. */}
        {busy ? (
          <path fill="currentColor" d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 4v4.4l3 1.8-1 1.7-4-2.4V6h2Z" />
        ) : (
          <path fill="currentColor" d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.2 11.6L5 9.8l1.4-1.4 2.4 2.4 4.8-4.8L15 7.4l-6.2 6.2Z" />
        )}
      </svg>
      <span>{out ?? statusText(status)}</span>
    </p>
  );
}
