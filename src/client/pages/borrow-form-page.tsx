import { useRef, useState } from 'react';
import { Navigate } from 'react-router';
import type { CreatedBooking } from '../../domain/booking-schemas';
import { messages } from '../../domain/messages';
import { buttonStyles } from '../components/button-styles';
import { hasAgreedToRules } from '../features/booking/agreement';
import { fetchRoster, fetchToday } from '../features/booking/api';
import { BorrowForm } from '../features/booking/borrow-form';
import { SuccessDialog } from '../features/booking/success-dialog';
import { useFetch } from '../lib/use-fetch';

/** The form is only for students who agreed to the rules; the others read them first. */
export function BorrowFormPage() {
  if (!hasAgreedToRules()) return <Navigate to="/peraturan" replace />;
  return <BorrowFormScreen />;
}

function BorrowFormScreen() {
  const roster = useFetch('roster', (_key, signal) => fetchRoster(signal));
  const today = useFetch('today', (_key, signal) => fetchToday(signal));
  const [created, setCreated] = useState<CreatedBooking>();
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
      <title>{`${messages.formTitle} · ${messages.appName}`}</title>
      <h1 className="text-2xl font-bold">{messages.formTitle}</h1>
      <BorrowForm
        roster={roster.status === 'ready' ? roster.data.users : undefined}
        rosterNotice={rosterNotice}
        today={today.status === 'ready' ? today.data.today : undefined}
        loading={roster.status === 'loading' || today.status === 'loading'}
        onCreated={setCreated}
        submitRef={submitRef}
      />
      <SuccessDialog booking={created} onClose={() => setCreated(undefined)} finalFocus={submitRef} />
    </>
  );
}
