import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { adminMessages } from '../../../domain/admin/admin-messages';
import type { AdminBooking } from '../../../domain/schemas/admin';
import { cancelAdminBooking, fetchAdminBookings } from './api';
import { linkedDayRange } from './bookings-link';

type ListState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; bookings: AdminBooking[] };
type Range = { from: string; to: string };

export const withFilter = (range: Range, lateOnly: boolean, motor = '') => ({
  ...range,
  ...(lateOnly && { state: 'late' as const }),
  ...(motor !== '' && { motor }),
});

function useBookingsList(signOut: () => void) {
  // Empty until the first answer says which range the server chose (today to 30 days ahead).
  const [range, setRange] = useState({ from: '', to: '' });
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const latestLoad = useRef(0);

  const load = useCallback(
    async (wanted: { from?: string; to?: string; state?: 'late'; motor?: string }, { keepShown = false } = {}) => {
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
  return { range, setRange, list, setList, load };
}

/** The bookings of a range, filtered, and the cancellation and handover of one of them. */
export function useAdminBookings(signOut: () => void) {
  const search = useSearch();
  const { range, setRange, list, setList, load } = useBookingsList(signOut);
  const [showCancelled, setShowCancelled] = useState(false);
  const [lateOnly, setLateOnly] = useState(false);
  const [motor, setMotor] = useState('');
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const [recording, setRecording] = useState<AdminBooking | null>(null);
  const [notice, setNotice] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once with the linked day or the server's default range; later loads follow the fields
  useEffect(() => {
    void load(linkedDayRange(search));
  }, []);

  function changeRange(field: 'from' | 'to', value: string) {
    const next = { ...range, [field]: value };
    setRange(next);
    if (next.from && next.to) void load(withFilter(next, lateOnly, motor));
    // Typed before the first answer came, whose range would replace the typed date: this load overtakes it.
    else if (value && !range.from && !range.to) void load(withFilter(next, lateOnly, motor));
  }

  function changeLateOnly(checked: boolean) {
    setLateOnly(checked);
    void load(withFilter(range, checked, motor));
  }

  function changeMotor(chosen: string) {
    setMotor(chosen);
    void load(withFilter(range, lateOnly, chosen));
  }

  // The return or release moved the booking's end and may have ended its lateness: the list is asked
  // again, kept on screen meanwhile so the focus can go back to the row's button.
  function handoverSaved(message: string) {
    setRecording(null);
    setNotice(message);
    void load(withFilter(range, lateOnly, motor), { keepShown: true });
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

  function startHandover(booking: AdminBooking) {
    setNotice('');
    setRecording(booking);
  }

  function startCancel(booking: AdminBooking) {
    setNotice('');
    setCancelling(booking);
  }

  const shown = list.state === 'loaded' ? list.bookings.filter((booking) => showCancelled || booking.cancellation === null) : [];
  const filters = { range, lateOnly, motor, showCancelled, setShowCancelled, changeRange, changeLateOnly, changeMotor };
  const rows = { startHandover, startCancel };
  return { list, shown, filters, rows, cancelling, setCancelling, recording, setRecording, notice, handoverSaved, confirmCancel };
}

export type BookingFiltersState = ReturnType<typeof useAdminBookings>['filters'];
