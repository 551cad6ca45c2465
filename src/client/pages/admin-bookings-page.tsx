import { useId } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import { messages } from '../../domain/text/messages';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { BookingFilters } from '../features/admin/bookings-filters';
import { BookingsTable, describeBooking } from '../features/admin/bookings-table';
import { CancelDialog } from '../features/admin/cancel-dialog';
import { HandoverDialog } from '../features/admin/handover-dialog';
import { useAdminBookings } from '../features/admin/use-admin-bookings';
import { WaitsPanel } from '../features/admin/waits-panel';

function BookingsScreen({ signOut, timeZone }: AdminPageProps) {
  const id = useId();
  const { list, shown, filters, rows, cancelling, setCancelling, recording, setRecording, notice, handoverSaved, confirmCancel } =
    useAdminBookings(signOut);

  return (
    <>
      <BookingFilters id={id} filters={filters} />
      <p role="status" className="font-medium text-green-800">
        {notice}
      </p>
      {list.state === 'loading' && <p role="status">{messages.loading}</p>}
      {list.state === 'failed' && <p role="alert">{list.message}</p>}
      {list.state === 'loaded' && shown.length === 0 && <p>{filters.lateOnly ? adminMessages.lateEmpty : adminMessages.bookingsEmpty}</p>}
      {shown.length > 0 && <BookingsTable bookings={shown} timeZone={timeZone} rows={rows} />}
      <CancelDialog summary={cancelling && describeBooking(cancelling)} onConfirm={confirmCancel} onClose={() => setCancelling(null)} />
      <HandoverDialog
        booking={recording}
        summary={recording ? describeBooking(recording) : ''}
        onSaved={handoverSaved}
        signOut={signOut}
        onClose={() => setRecording(null)}
      />
      <WaitsPanel signOut={signOut} />
    </>
  );
}

export function AdminBookingsPage() {
  return <AdminShell title={adminMessages.bookingsTitle}>{(props) => <BookingsScreen {...props} />}</AdminShell>;
}
