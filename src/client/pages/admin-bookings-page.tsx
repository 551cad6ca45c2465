import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { adminMessages } from '../../domain/admin/admin-messages';
import { spanText } from '../../domain/booking/span-text';
import { purposeLabel } from '../../domain/fund/charges';
import { recordedWallClock } from '../../domain/handover/admin-handover';
import type { AdminBooking } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { formatIndonesianDate } from '../../domain/time/clock';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { bookingsCsvPath, cancelAdminBooking, fetchAdminBookings } from '../features/admin/api';
import { linkedDayRange } from '../features/admin/bookings-link';
import { CancelDialog } from '../features/admin/cancel-dialog';
import { formatInstant } from '../features/admin/format-instant';
import { HandoverDialog } from '../features/admin/handover-dialog';
import { Cell, ScrollTable, TableHeadWithActions } from '../features/admin/scroll-table';
import { adminStyles } from '../features/admin/styles';

type ListState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; bookings: AdminBooking[] };

const columns = adminMessages.bookingColumns;
const timeLabel = `${columns.start}–${columns.end}`;

function describe(booking: AdminBooking): string {
  return `${booking.name} (${booking.class}), ${formatIndonesianDate(booking.date)} ${spanText(booking, 'console')}`;
}

/** A recorded pickup or return, on APP_TIMEZONE's wall clock, with who recorded it. */
function RecordedCell({
  recorded,
  booking,
  timeZone,
}: {
  recorded: { at: string; by: string } | null;
  booking: AdminBooking;
  timeZone: string;
}) {
  if (!recorded) return <>–</>;
  return <>{adminMessages.recordedBy(recordedWallClock(recorded.at, timeZone, booking.date), recorded.by)}</>;
}

function BookingsScreen({ signOut, timeZone }: AdminPageProps) {
  const id = useId();
  const search = useSearch();
  // Empty until the first answer says which range the server chose (today to 30 days ahead).
  const [range, setRange] = useState({ from: '', to: '' });
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [showCancelled, setShowCancelled] = useState(false);
  const [lateOnly, setLateOnly] = useState(false);
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const [recording, setRecording] = useState<AdminBooking | null>(null);
  const [notice, setNotice] = useState('');

  const latestLoad = useRef(0);

  const load = useCallback(
    async (wanted: { from: string; to: string; state?: 'late' }, { keepShown = false } = {}) => {
      const attempt = ++latestLoad.current;
      if (!keepShown) setList({ state: 'loading' });
      const result = await fetchAdminBookings(wanted);
      // An answer overtaken by a newer request (a slow first load) would put another range on screen.
      if (attempt !== latestLoad.current) return;
      if (result.ok) {
        setRange({ from: result.data.from, to: result.data.to });
        setList({ state: 'loaded', bookings: result.data.bookings });
      } else if (result.status === 401) signOut();
      else setList({ state: 'failed', message: Object.values(result.errors)[0] ?? adminMessages.loadFailed });
    },
    [signOut],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once with the linked day or the server's default range; later loads follow the fields
  useEffect(() => {
    void load(linkedDayRange(search));
  }, []);

  function changeRange(field: 'from' | 'to', value: string) {
    const next = { ...range, [field]: value };
    setRange(next);
    if (next.from && next.to) void load(withFilter(next, lateOnly));
    // Typed before the first answer came, whose range would replace the typed date: this load overtakes it.
    else if (value && !range.from && !range.to) void load(withFilter(next, lateOnly));
  }

  function changeLateOnly(checked: boolean) {
    setLateOnly(checked);
    void load(withFilter(range, checked));
  }

  // The return or release moved the booking's end and may have ended its lateness: the list is asked
  // again, kept on screen meanwhile so the focus can go back to the row's button.
  function handoverSaved(message: string) {
    setRecording(null);
    setNotice(message);
    void load(withFilter(range, lateOnly), { keepShown: true });
  }

  async function confirmCancel(reason: string): Promise<string | null> {
    if (!cancelling) return null;
    const result = await cancelAdminBooking(cancelling.ref, reason);
    if (!result.ok) {
      if (result.status !== 401) return result.errors.reason ?? result.message;
      signOut();
      return null;
    }
    const cancelled = result.data.booking;
    setList((previous) =>
      previous.state === 'loaded'
        ? { state: 'loaded', bookings: previous.bookings.map((booking) => (booking.ref === cancelled.ref ? cancelled : booking)) }
        : previous,
    );
    setNotice(result.data.message);
    return null;
  }

  const shown = list.state === 'loaded' ? list.bookings.filter((booking) => showCancelled || booking.cancellation === null) : [];

  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        {(['from', 'to'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className={adminStyles.label}>
              {field === 'from' ? adminMessages.rangeFrom : adminMessages.rangeTo}
            </label>
            <input
              id={`${id}-${field}`}
              type="date"
              value={range[field]}
              onChange={(event) => changeRange(field, event.target.value)}
              className={adminStyles.input}
            />
          </div>
        ))}
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={lateOnly} onChange={(event) => changeLateOnly(event.target.checked)} className="size-5" />
          {adminMessages.lateOnly}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={showCancelled} onChange={(event) => setShowCancelled(event.target.checked)} className="size-5" />
          {adminMessages.showCancelled}
        </label>
        <a href={bookingsCsvPath(withFilter(range, lateOnly))} download className={adminStyles.smallButton}>
          {adminMessages.downloadCsv}
        </a>
      </div>
      <p role="status" className="font-medium text-green-800">
        {notice}
      </p>
      {list.state === 'loading' && <p role="status">{messages.loading}</p>}
      {list.state === 'failed' && <p role="alert">{list.message}</p>}
      {list.state === 'loaded' && shown.length === 0 && <p>{lateOnly ? adminMessages.lateEmpty : adminMessages.bookingsEmpty}</p>}
      {shown.length > 0 && (
        <ScrollTable label={adminMessages.bookingsTableLabel}>
          <TableHeadWithActions
            labels={[
              columns.date,
              timeLabel,
              columns.name,
              columns.class,
              columns.reason,
              columns.needStnk,
              columns.voucher,
              columns.createdAt,
              columns.status,
              columns.state,
              columns.pickedUpAt,
              columns.returnedAt,
            ]}
          />
          <tbody>
            {shown.map((booking) => (
              <tr key={booking.ref} className="border-t border-slate-200">
                <Cell label={columns.date}>{formatIndonesianDate(booking.date)}</Cell>
                <Cell label={timeLabel} className="whitespace-nowrap tabular-nums">
                  {spanText(booking, 'console')}
                </Cell>
                <Cell label={columns.name}>{booking.name}</Cell>
                <Cell label={columns.class} className="whitespace-nowrap">
                  {booking.class}
                </Cell>
                <Cell label={columns.reason} className="min-w-32 break-words">
                  {booking.reason}
                  {booking.purpose !== 'personal' && (
                    <span className="block text-slate-700">{`${messages.fund.purposeLabel}: ${purposeLabel(booking.purpose)}`}</span>
                  )}
                </Cell>
                <Cell label={columns.needStnk}>{booking.needStnk ? messages.stnkYes : messages.stnkNo}</Cell>
                <Cell label={columns.voucher} className="font-mono break-all">
                  {booking.voucherCode ?? '–'}
                </Cell>
                <Cell label={columns.createdAt}>{booking.createdAt ? formatInstant(booking.createdAt, timeZone) : '–'}</Cell>
                <Cell label={columns.status}>
                  {booking.cancellation ? (
                    <>
                      <span className="font-medium text-red-800">{adminMessages.statusCancelled}</span>
                      <span className="block min-w-32 text-slate-700">
                        {adminMessages.cancelledByWhy(booking.cancellation.by, booking.cancellation.reason)}
                      </span>
                    </>
                  ) : (
                    adminMessages.statusActive
                  )}
                </Cell>
                <Cell label={columns.state} className={booking.handover.late ? 'font-semibold text-red-800' : ''}>
                  {booking.handover.state}
                </Cell>
                <Cell label={columns.pickedUpAt}>
                  <RecordedCell recorded={booking.handover.pickup} booking={booking} timeZone={timeZone} />
                </Cell>
                <Cell label={columns.returnedAt}>
                  <RecordedCell recorded={booking.handover.return ?? booking.handover.release} booking={booking} timeZone={timeZone} />
                </Cell>
                <Cell>
                  {booking.cancellation === null && (
                    <div className="flex flex-wrap gap-2 lg:flex-col">
                      <button
                        type="button"
                        onClick={() => {
                          setNotice('');
                          setRecording(booking);
                        }}
                        aria-label={`${adminMessages.handoverButton}: ${describe(booking)}`}
                        className={adminStyles.smallButton}
                      >
                        {adminMessages.handoverButton}
                      </button>
                      <button
                        type="button"
                        onClick={() => {
                          setNotice('');
                          setCancelling(booking);
                        }}
                        aria-label={`${adminMessages.cancelBooking}: ${describe(booking)}`}
                        className={adminStyles.dangerButton}
                      >
                        {adminMessages.cancelBooking}
                      </button>
                    </div>
                  )}
                </Cell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <CancelDialog summary={cancelling && describe(cancelling)} onConfirm={confirmCancel} onClose={() => setCancelling(null)} />
      <HandoverDialog
        booking={recording}
        summary={recording ? describe(recording) : ''}
        onSaved={handoverSaved}
        signOut={signOut}
        onClose={() => setRecording(null)}
      />
    </>
  );
}

const withFilter = (range: { from: string; to: string }, lateOnly: boolean) => (lateOnly ? { ...range, state: 'late' as const } : range);

export function AdminBookingsPage() {
  return <AdminShell title={adminMessages.bookingsTitle}>{(props) => <BookingsScreen {...props} />}</AdminShell>;
}
