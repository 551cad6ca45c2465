import { useEffect, useId, useRef, useState } from 'react';
import { type CardBooking, type MyBooking, myBookingsOnCard } from '../../../domain/booking/my-bookings';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate, localMomentIn } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { ConfirmCancelDialog } from '../../components/confirm-cancel-dialog';
import { TelegramLinkButton } from '../../components/telegram-link-button';
import { forgetMyBooking, readMyBookings } from '../../lib/device-storage';
import { fetchToday } from '../../lib/schedule-api';
import { cancelOwnBooking, fetchOwnBookings } from './api';
import { HandoverActions } from './handover-actions';

/** `onChanged`: a booking was cancelled or its bike returned, so the schedule beside the card is out of date. */
export function MyBookingsPanel({ onChanged }: { onChanged: () => void }) {
  const [entries, setEntries] = useState<CardBooking[]>([]);
  // By cancel secret: what the server says of each (null: a secret it does not know).
  const [handovers, setHandovers] = useState<Record<string, OwnBooking | null>>({});
  const [asking, setAsking] = useState<MyBooking>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  // On mount and when the tab is shown again (a phone left on this page): the buttons open with time.
  useEffect(() => {
    let controller = new AbortController();
    const load = () => {
      const { signal } = controller;
      fetchToday(signal).then((result) => {
        // Without the server's clock the card cannot tell upcoming from past: it stays away.
        if (!result.ok) return;
        const now = localMomentIn(result.data.timeZone, new Date(result.data.now));
        const onCard = myBookingsOnCard(readMyBookings(now), now);
        setEntries(onCard);
        if (onCard.length === 0) return;
        // One request for all of them, never on a render: a cheap phone's data plan counts.
        const tokens = onCard.map((entry) => entry.booking.token);
        fetchOwnBookings(tokens, signal).then((lookup) => {
          if (!lookup.ok) return;
          const answers = Object.fromEntries(tokens.map((token, index) => [token, lookup.data.bookings[index] ?? null]));
          // A secret the server does not know names no booking any more.
          for (const token of tokens.filter((token) => answers[token] === null)) forgetMyBooking(token);
          setHandovers(answers);
        });
      });
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      controller.abort();
      controller = new AbortController();
      load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
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
    setEntries((current) => current.filter((entry) => entry.booking.token !== asking.token));
    setNotice(result.ok ? { text: messages.cancelDone, failed: false } : { text: result.message, failed: true });
    onChanged();
  };

  const recorded = (token: string) => (booking: OwnBooking) => {
    setHandovers((current) => ({ ...current, [token]: booking }));
    onChanged();
  };

  // A started booking is on the card only for its handover: without the server's answer it has nothing to offer.
  const shown = entries.filter(
    (entry) => handovers[entry.booking.token] !== null && (entry.upcoming || handovers[entry.booking.token] !== undefined),
  );
  if (shown.length === 0 && !notice) return null;
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-lg border border-blue-200 bg-blue-50 p-4">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {messages.myBookingsTitle}
      </h2>
      {shown.length > 0 && (
        <ul className="mt-2 divide-y divide-blue-200">
          {shown.map(({ booking, upcoming, asksHandover }) => {
            const own = handovers[booking.token] ?? undefined;
            const cancellation = own?.status === 'cancelled' ? own.cancellation : null;
            const when = `${formatIndonesianDate(booking.date)}, ${booking.start} - ${booking.end}`;
            return (
              <li key={booking.token} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {formatIndonesianDate(booking.date)}, <span className="tabular-nums">{`${booking.start} - ${booking.end}`}</span>
                  </span>
                  {upcoming && own?.status !== 'cancelled' && (
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      aria-label={`${messages.cancelBooking} ${when}`}
                      onClick={() => setAsking(booking)}
                    >
                      {messages.cancelBooking}
                    </button>
                  )}
                </div>
                {cancellation && (
                  <p className="mt-1 font-medium text-red-800">{messages.cancelledByWhom(cancellation.by, cancellation.reason)}</p>
                )}
                {own?.outOfServiceWarning && !cancellation && <p className="mt-1 font-medium text-amber-900">{own.outOfServiceWarning}</p>}
                {own && asksHandover && !cancellation && (
                  <HandoverActions token={booking.token} booking={own} describe={when} onRecorded={recorded(booking.token)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {shown.length > 0 && <TelegramLinkButton tokens={shown.map((entry) => entry.booking.token)} />}
      <p role="status" className={`mt-2 text-sm font-medium empty:hidden ${notice?.failed ? 'text-red-800' : 'text-slate-800'}`}>
        {notice?.text ?? ''}
      </p>
      <ConfirmCancelDialog booking={asking} busy={busy} onConfirm={confirm} onClose={() => setAsking(undefined)} finalFocus={headingRef} />
    </section>
  );
}
