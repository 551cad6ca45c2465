import { useState } from 'react';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { forgetMyBooking } from '../../lib/device-storage';
import { useFetch } from '../../lib/use-fetch';
import { cancelOwnBooking, fetchOwnBooking } from './api';

/** The booking a cancel link names, as looked up or as changed since, and its cancellation. */
export function useCancelBooking(token: string | undefined) {
  const lookup = useFetch(token, fetchOwnBooking);
  const [cancelled, setCancelled] = useState<OwnBooking>();
  const [recorded, setRecorded] = useState<OwnBooking>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState(false);

  const cancel = async () => {
    if (token === undefined || busy) return;
    setBusy(true);
    setError(undefined);
    const result = await cancelOwnBooking(token);
    setBusy(false);
    setAsking(false);
    if (result.ok) {
      forgetMyBooking(token);
      setCancelled(result.data.booking);
      return;
    }
    setError(result.message);
    // Started or cancelled meanwhile, or the link died: show where the booking stands now.
    if (result.status === 404 || result.status === 409) lookup.retry();
  };

  const unknown = token === undefined || (lookup.status === 'failed' && lookup.failure.status === 404);
  const booking = cancelled ?? recorded ?? (lookup.status === 'ready' ? lookup.data.booking : undefined);
  return { lookup, unknown, booking, cancelled, setRecorded, busy, error, asking, setAsking, cancel };
}
