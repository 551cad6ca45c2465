import { lazy, Suspense, useState } from 'react';
import { hasStoredBookings } from './stored-bookings';

const MyBookingsPanel = lazy(() => import('./my-bookings-panel').then((module) => ({ default: module.MyBookingsPanel })));

/**
 * 'Peminjaman kamu' above the schedule, for a device that booked before. Its code (storage
 * validation, the cancel dialog) is a chunk of its own, fetched only then: most visitors of the
 * availability page never booked from the device they are on.
 */
export function MyBookingsCard({ onCancelled }: { onCancelled: () => void }) {
  const [booked] = useState(hasStoredBookings);
  if (!booked) return null;
  return (
    <Suspense fallback={null}>
      <MyBookingsPanel onCancelled={onCancelled} />
    </Suspense>
  );
}
