import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { spanText } from '../../../domain/booking/span-text';
import type { Member, MemberBooking } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { fetchMemberBookings } from './api';
import { adminBookingsDayPath } from './bookings-link';

type Coming = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; bookings: MemberBooking[] };

function timeText(booking: MemberBooking): string {
  return spanText(booking, 'console');
}

/** Says the member's coming bookings stay, each linked to its day in `Peminjaman`. `onConfirm` answers an error to show, or null. */
export function DeactivateDialog({
  member,
  onConfirm,
  onClose,
  signOut,
}: {
  member: Member | null;
  onConfirm: (member: Member) => Promise<string | null>;
  onClose: () => void;
  signOut: () => void;
}) {
  const [coming, setComing] = useState<Coming>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = member?.ref;

  useEffect(() => {
    if (!ref) return;
    let current = true;
    setComing({ state: 'loading' });
    setError(null);
    void fetchMemberBookings(ref).then((result) => {
      if (!current) return;
      if (result.ok) setComing({ state: 'loaded', bookings: result.data.bookings });
      else if (result.status === 401) signOut();
      else setComing({ state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [ref, signOut]);

  async function confirm() {
    if (!member) return;
    setBusy(true);
    const failure = await onConfirm(member);
    setBusy(false);
    if (failure) setError(failure);
  }

  const name = member?.name ?? '';
  return (
    <Dialog open={member !== null} title={adminMessages.memberDeactivateTitle(name)} onClose={onClose}>
      <div className="mt-3 flex flex-col gap-4">
        <p>{adminMessages.memberDeactivateText(name)}</p>
        <section aria-label={adminMessages.memberComingBookings}>
          <h3 className="font-semibold">{adminMessages.memberComingBookings}</h3>
          {coming.state === 'loading' && <p role="status">{messages.loading}</p>}
          {coming.state === 'failed' && <p role="alert">{adminMessages.loadFailed}</p>}
          {coming.state === 'loaded' && coming.bookings.length === 0 && <p>{adminMessages.memberNoComingBookings(name)}</p>}
          {coming.state === 'loaded' && coming.bookings.length > 0 && (
            <ul className="mt-1 flex flex-col gap-2">
              {coming.bookings.map((booking) => (
                <li key={booking.ref} className="flex flex-wrap items-center gap-x-3">
                  <span>
                    {formatIndonesianDate(booking.date)}, <span className="whitespace-nowrap tabular-nums">{timeText(booking)}</span>
                  </span>
                  <Link
                    to={adminBookingsDayPath(booking.date)}
                    aria-label={`${adminMessages.memberOpenBooking}: ${formatIndonesianDate(booking.date)} ${timeText(booking)}`}
                    className="inline-flex min-h-11 items-center font-medium text-blue-800 underline"
                  >
                    {adminMessages.memberOpenBooking}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {error && <p className="font-medium text-red-700">{error}</p>}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            {messages.cancel}
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
          >
            {adminMessages.memberDeactivate}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
