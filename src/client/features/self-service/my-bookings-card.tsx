import { lazy, Suspense, useEffect, useState } from 'react';
import { hasStoredBookings } from '../../lib/stored-bookings';

const MyBookingsPanel = lazy(() => import('./my-bookings-panel').then((module) => ({ default: module.MyBookingsPanel })));

/** Its code is a chunk of its own, fetched only for a device that booked: most visitors never did from theirs. */
export function MyBookingsCard({ onChanged }: { onChanged: () => void }) {
  // After the first paint: a page's first localStorage read opens the store, 15 ms of a cheap phone's first render.
  const [booked, setBooked] = useState(false);
  useEffect(() => setBooked(hasStoredBookings()), []);
  if (!booked) return null;
  return (
    <Suspense fallback={null}>
      <MyBookingsPanel onChanged={onChanged} />
    </Suspense>
  );
}
