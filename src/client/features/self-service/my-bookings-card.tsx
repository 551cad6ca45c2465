import { lazy, Suspense, useEffect, useState } from 'react';
import { hasStoredBookings } from '../../lib/stored-bookings';

const MyBookingsPanel = lazy(() => import('./my-bookings-panel').then((module) => ({ default: module.MyBookingsPanel })));

/** Its code is a chunk of its own, fetched only for a device that booked: most visitors never did from theirs. */
export function MyBookingsCard({ onChanged }: { onChanged: () => void }) {
  // After the first paint: a page's first localStorage read opens the store, 15 ms of a cheap phone's first render.
  const [booked, setBooked] = useState(false);
  // A notification's `Ambil` / `Lewati` (0058): its answer, and the panel read again with the slot taken.
  const [pressed, setPressed] = useState<{ text: string; failed: boolean }>();
  useEffect(() => {
    const stored = hasStoredBookings();
    setBooked(stored);
    if (!stored && !window.location.search.includes('tawaran=')) return;
    import('./offer-press')
      .then(async ({ pressOfferFromAddress, collectTakenOffers }) => {
        const said = await pressOfferFromAddress();
        const collected = await collectTakenOffers();
        if (!said && collected === 0) return;
        setPressed(said ?? { text: '', failed: false });
        setBooked(hasStoredBookings());
      })
      .catch(() => undefined);
  }, []);
  return (
    <>
      {pressed?.text && (
        <p role="status" className={`mt-4 font-medium ${pressed.failed ? 'text-red-800' : 'text-slate-900'}`}>
          {pressed.text}
        </p>
      )}
      {booked && (
        <Suspense fallback={null}>
          <MyBookingsPanel key={pressed ? 'pressed' : 'stored'} onChanged={onChanged} />
        </Suspense>
      )}
    </>
  );
}
