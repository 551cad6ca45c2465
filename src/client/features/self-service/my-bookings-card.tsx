import { lazy, Suspense, useEffect, useState } from 'react';
import { hasStoredBookings } from '../../lib/stored-bookings';

const MyBookingsPanel = lazy(() => import('./my-bookings-panel').then((module) => ({ default: module.MyBookingsPanel })));

/**
 * 'Peminjaman kamu' above the schedule, for a device that booked before. Its code (storage
 * validation, the cancel dialog) is a chunk of its own, fetched only then: most visitors of the
 * availability page never booked from the device they are on.
 */
export function MyBookingsCard({ onCancelled }: { onCancelled: () => void }) {
  // Looked at after the first paint: a page's first read of localStorage opens the browser's
  // store, 15 ms of a cheap phone's first render for what most visitors do not have. The panel
  // comes in a chunk of its own anyway, after the schedule.
  const [booked, setBooked] = useState(false);
  useEffect(() => setBooked(hasStoredBookings()), []);
  if (!booked) return null;
  return (
    <Suspense fallback={null}>
      <MyBookingsPanel onCancelled={onCancelled} />
    </Suspense>
  );
}
