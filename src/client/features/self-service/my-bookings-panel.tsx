import { useEffect, useId, useRef, useState } from 'react';
import { formatIndonesianDate, localMomentIn } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import { type MyBooking, upcomingMyBookings } from '../../../domain/my-bookings';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { forgetMyBooking, readMyBookings } from '../../lib/device-storage';
import { fetchToday } from '../../lib/schedule-api';
import { cancelOwnBooking } from './api';

export function MyBookingsPanel({ onCancelled }: { onCancelled: () => void }) {
  const [upcoming, setUpcoming] = useState<MyBooking[]>([]);
  const [asking, setAsking] = useState<MyBooking>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchToday(controller.signal).then((result) => {
      // Without the server's clock the card cannot tell upcoming from past: it stays away.
      if (!result.ok) return;
      const now = localMomentIn(result.data.timeZone, new Date(result.data.now));
      setUpcoming(upcomingMyBookings(readMyBookings(now), now));
    });
    return () => controller.abort();
  }, []);

  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    const result = await cancelOwnBooking(asking.token);
    setBusy(false);
    setAsking(undefined);
    const gone = !result.ok && (result.status === 404 || result.status === 409);
    if (!result.ok && !gone) {
      setNotice({ text: result.message, failed: true });
      return;
    }
    // Cancelled now, or no longer this device's to cancel (started, cancelled elsewhere, unknown): off the card.
    forgetMyBooking(asking.token);
    setUpcoming((current) => current.filter((booking) => booking.token !== asking.token));
    setNotice(result.ok ? { text: messages.cancelDone, failed: false } : { text: result.message, failed: true });
    onCancelled();
  };

  if (upcoming.length === 0 && !notice) return null;
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-lg border border-blue-200 bg-blue-50 p-4">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {messages.myBookingsTitle}
      </h2>
      {upcoming.length > 0 && (
        <ul className="mt-2 divide-y divide-blue-200">
          {upcoming.map((booking) => (
            <li key={booking.token} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {formatIndonesianDate(booking.date)}, <span className="tabular-nums">{`${booking.start} - ${booking.end}`}</span>
              </span>
              <button
                type="button"
                className={buttonStyles.secondary}
                aria-label={`${messages.cancelBooking} ${formatIndonesianDate(booking.date)}, ${booking.start} - ${booking.end}`}
                onClick={() => setAsking(booking)}
              >
                {messages.cancelBooking}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={`mt-2 text-sm font-medium empty:hidden ${notice?.failed ? 'text-red-800' : 'text-slate-800'}`}>
        {notice?.text ?? ''}
      </p>
      <Dialog open={asking !== undefined} title={messages.cancelPageTitle} onClose={() => setAsking(undefined)} finalFocus={headingRef}>
        {asking && <p className="mt-3">{messages.confirmCancel(formatIndonesianDate(asking.date), asking.start, asking.end)}</p>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={() => setAsking(undefined)}>
            {messages.confirmCancelNo}
          </button>
          <button type="button" className={buttonStyles.primary} disabled={busy} onClick={confirm}>
            {busy ? messages.cancelling : messages.confirmCancelYes}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
