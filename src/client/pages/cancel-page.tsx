import { useRef, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { cancelTokenFromFragment } from '../../domain/booking/cancel-token';
import { cancelRefusalMessage } from '../../domain/booking/cancellation';
import { bikeMessages } from '../../domain/motor/bike-messages';
import type { OwnBooking } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { formatIndonesianDate } from '../../domain/time/clock';
import { buttonStyles } from '../components/button-styles';
import { ConfirmCancelDialog } from '../components/confirm-cancel-dialog';
import { DocumentHead, type HeadMeta } from '../components/document-head';
import { PageHeading } from '../components/page-heading';
import { HandoverActions } from '../features/self-service/handover-actions';
import { useServerClock } from '../features/self-service/late-line';
import { useCancelBooking } from '../features/self-service/use-cancel-booking';

// The address holds a secret. The server says the same in headers; these hold if the page is reached inside the app.
const CANCEL_PAGE_META: HeadMeta = { robots: 'noindex', referrer: 'no-referrer' };

// Another link pasted into the address bar of an open cancel page changes only the fragment: no new page load.
const onHashChange = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

export function CancelPage() {
  const token = cancelTokenFromFragment(useSyncExternalStore(onHashChange, () => window.location.hash));
  // A fresh page per secret: nothing shown for one link may stay under another.
  return <CancelBooking key={token} token={token} />;
}

type CancelState = ReturnType<typeof useCancelBooking>;

function BookingDetails({ booking }: { booking: OwnBooking }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 [overflow-wrap:anywhere]">
      <dt className="font-medium">{messages.fieldName}</dt>
      <dd>{`${booking.name} (${booking.class})`}</dd>
      <dt className="font-medium">{messages.fieldDate}</dt>
      <dd>{formatIndonesianDate(booking.date)}</dd>
      <dt className="font-medium">{messages.availabilityTime}</dt>
      <dd className="tabular-nums">
        {`${booking.start} - ${booking.end}`}
        {booking.endDate !== booking.date && ` (${formatIndonesianDate(booking.endDate)})`}
      </dd>
      {booking.motor && (
        <>
          <dt className="font-medium">{bikeMessages.label}</dt>
          <dd>{booking.motor.name}</dd>
        </>
      )}
    </dl>
  );
}

/** The booking, then whether it can still be cancelled (or was just now), its handover and the way back. */
function BookingSection({ token, booking, state }: { token: string | undefined; booking: OwnBooking; state: CancelState }) {
  const { cancelled, setRecorded, busy, error, asking, setAsking, cancel } = state;
  const outcomeRef = useRef<HTMLDivElement>(null);
  const clock = useServerClock();
  return (
    <section className="mt-6 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <BookingDetails booking={booking} />
      <div ref={outcomeRef} tabIndex={-1} className="mt-6">
        {cancelled ? (
          <p role="status" className="font-semibold text-green-800">
            {messages.cancelDone}
          </p>
        ) : booking.status === 'upcoming' ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => setAsking(true)}>
            {messages.cancelPageConfirm}
          </button>
        ) : (
          <p role="status" className="font-medium">
            {cancelRefusalMessage(booking.status === 'cancelled' ? 'alreadyCancelled' : 'alreadyStarted')}
            {booking.cancellation && (
              <span className="mt-1 block text-red-800">
                {messages.cancelledByWhom(booking.cancellation.by, booking.cancellation.reason)}
              </span>
            )}
          </p>
        )}
        {error && !cancelled && (
          <p role="alert" className="mt-3 font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      {token && <HandoverActions token={token} booking={booking} onRecorded={setRecorded} clock={clock} />}
      <ConfirmCancelDialog
        booking={asking ? booking : undefined}
        busy={busy}
        onConfirm={cancel}
        onClose={() => setAsking(false)}
        finalFocus={outcomeRef}
      />
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center font-semibold text-blue-800 underline underline-offset-2">
        {messages.backToAvailability}
      </Link>
    </section>
  );
}

function CancelBooking({ token }: { token: string | undefined }) {
  const state = useCancelBooking(token);
  const { lookup, unknown, booking } = state;

  return (
    <>
      <DocumentHead page={messages.cancelPageTitle} meta={CANCEL_PAGE_META} />
      <PageHeading>{messages.cancelPageTitle}</PageHeading>
      {lookup.status === 'failed' && !unknown ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{messages.cancelPageLoadFailed}</p>
          <button type="button" className={buttonStyles.secondary} onClick={lookup.retry}>
            {messages.retry}
          </button>
        </div>
      ) : unknown ? (
        <div className="mt-6 rounded-lg bg-white p-4 shadow-sm">
          <p role="status" className="font-medium">
            {messages.cancelLinkInvalid}
          </p>
          <Link to="/" className={`${buttonStyles.secondary} mt-4`}>
            {messages.backToAvailability}
          </Link>
        </div>
      ) : booking ? (
        <BookingSection token={token} booking={booking} state={state} />
      ) : (
        <p role="status" className="mt-6 text-slate-700">
          {messages.cancelPageLoading}
        </p>
      )}
    </>
  );
}
