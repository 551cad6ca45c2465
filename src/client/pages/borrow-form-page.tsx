import { useMemo, useRef, useState } from 'react';
import { Redirect, useSearch, useSearchParams } from 'wouter';
import { bookingFormPrefill, clientRoutes } from '../../domain/booking/client-routes';
import type { CreatedBooking } from '../../domain/schemas/bookings';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from '../components/button-styles';
import { DocumentHead } from '../components/document-head';
import { PageHeading } from '../components/page-heading';
import { hasAgreedToRules } from '../features/booking/agreement';
import { fetchRoster } from '../features/booking/api';
import { BorrowForm } from '../features/booking/borrow-form';
import { SuccessDialog } from '../features/booking/success-dialog';
import { rememberNewBooking } from '../lib/device-storage';
import { withSearch } from '../lib/navigation';
import { fetchToday } from '../lib/schedule-api';
import { useFetch } from '../lib/use-fetch';

// Students who have not agreed read the rules first; the query goes with them so that it still fills the form.
export function BorrowFormPage() {
  const search = useSearch();
  if (!hasAgreedToRules()) return <Redirect to={withSearch(clientRoutes.rules, search)} replace />;
  return <BorrowFormScreen />;
}

function BorrowFormScreen() {
  const [searchParams] = useSearchParams();
  const search = useSearch();
  // `motor`: a free gap in a bike's lane on `/` (0060); a bike not offered is not sent (useBorrowForm).
  const [prefill] = useState(() => ({ ...bookingFormPrefill(searchParams), motorId: Number(searchParams.get('motor')) || undefined }));
  const roster = useFetch('roster', (_key, signal) => fetchRoster(signal));
  const today = useFetch('today', (_key, signal) => fetchToday(signal));
  const clock = today.status === 'ready' ? today.data : undefined;
  const appClock = useMemo(() => clock && { clock, receivedAt: Date.now() }, [clock]);
  const [created, setCreated] = useState<{ booking: CreatedBooking; cancelToken: string }>();
  const submitRef = useRef<HTMLButtonElement>(null);

  const rosterNotice = roster.status === 'failed' && (
    <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-red-800">
      {messages.rosterLoadFailed}
      <button type="button" className={buttonStyles.secondary} onClick={roster.retry}>
        {messages.retry}
      </button>
    </p>
  );

  return (
    <>
      <DocumentHead page={messages.formTitle} />
      <PageHeading>{messages.formTitle}</PageHeading>
      <BorrowForm
        roster={roster.status === 'ready' ? roster.data.users : undefined}
        rosterNotice={rosterNotice}
        today={clock?.today}
        appClock={appClock}
        prefill={prefill}
        draftKey={search}
        unavailable={clock?.outOfService.days}
        bikes={clock?.bikes}
        loading={roster.status === 'loading' || today.status === 'loading'}
        onCreated={(booking, cancelToken) => {
          rememberNewBooking(booking, cancelToken);
          setCreated({ booking, cancelToken });
        }}
        submitRef={submitRef}
      />
      <SuccessDialog created={created} onClose={() => setCreated(undefined)} finalFocus={submitRef} />
    </>
  );
}
