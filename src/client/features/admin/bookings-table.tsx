import { adminMessages } from '../../../domain/admin/admin-messages';
import { spanText } from '../../../domain/booking/span-text';
import { purposeLabel } from '../../../domain/fund/charges';
import { recordedWallClock } from '../../../domain/handover/admin-handover';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import type { AdminBooking } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { formatInstant } from './format-instant';
import { Cell, ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

const columns = adminMessages.bookingColumns;
const timeLabel = `${columns.start}–${columns.end}`;

export function describeBooking(booking: AdminBooking): string {
  const described = `${booking.name} (${booking.class}), ${formatIndonesianDate(booking.date)} ${spanText(booking, 'console')}`;
  return booking.motor ? `${described}, ${bikeMessages.label}: ${booking.motor.name}` : described;
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

interface RowActions {
  startHandover: (booking: AdminBooking) => void;
  startCancel: (booking: AdminBooking) => void;
}

function StatusCell({ booking }: { booking: AdminBooking }) {
  return (
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
  );
}

function ActionsCell({ booking, rows }: { booking: AdminBooking; rows: RowActions }) {
  return (
    <Cell>
      {booking.cancellation === null && (
        <div className="flex flex-wrap gap-2 lg:flex-col">
          <button
            type="button"
            onClick={() => rows.startHandover(booking)}
            aria-label={`${adminMessages.handoverButton}: ${describeBooking(booking)}`}
            className={adminStyles.smallButton}
          >
            {adminMessages.handoverButton}
          </button>
          {/* Picked up, back or released, the loan happened (or its slot is free): the lifecycle refuses a cancel (0050). */}
          {booking.handover.stage === 'booked' && (
            <button
              type="button"
              onClick={() => rows.startCancel(booking)}
              aria-label={`${adminMessages.cancelBooking}: ${describeBooking(booking)}`}
              className={adminStyles.dangerButton}
            >
              {adminMessages.cancelBooking}
            </button>
          )}
        </div>
      )}
    </Cell>
  );
}

function BookingRow({ booking, timeZone, rows, bikes }: { booking: AdminBooking; timeZone: string; rows: RowActions; bikes: boolean }) {
  return (
    <tr className="border-t border-slate-200">
      <Cell label={columns.date}>{formatIndonesianDate(booking.date)}</Cell>
      <Cell label={timeLabel} className="whitespace-nowrap tabular-nums">
        {spanText(booking, 'console')}
      </Cell>
      {bikes && <Cell label={bikeMessages.label}>{booking.motor?.name ?? '–'}</Cell>}
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
      <StatusCell booking={booking} />
      <Cell label={columns.state} className={booking.handover.late ? 'font-semibold text-red-800' : ''}>
        {booking.handover.state}
      </Cell>
      <Cell label={columns.pickedUpAt}>
        <RecordedCell recorded={booking.handover.pickup} booking={booking} timeZone={timeZone} />
      </Cell>
      <Cell label={columns.returnedAt}>
        <RecordedCell recorded={booking.handover.return ?? booking.handover.release} booking={booking} timeZone={timeZone} />
      </Cell>
      <ActionsCell booking={booking} rows={rows} />
    </tr>
  );
}

/** The bookings shown, one row each, with the handover and cancel buttons of those not cancelled; `Motor` when bikes are named. */
export function BookingsTable({ bookings, timeZone, rows }: { bookings: AdminBooking[]; timeZone: string; rows: RowActions }) {
  const bikes = bookings.some((booking) => booking.motor !== undefined);
  return (
    <ScrollTable label={adminMessages.bookingsTableLabel}>
      <TableHeadWithActions
        labels={[
          columns.date,
          timeLabel,
          ...(bikes ? [bikeMessages.label] : []),
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
        {bookings.map((booking) => (
          <BookingRow key={booking.ref} booking={booking} timeZone={timeZone} rows={rows} bikes={bikes} />
        ))}
      </tbody>
    </ScrollTable>
  );
}
