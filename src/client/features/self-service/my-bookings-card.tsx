import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { hasStoredBookings } from '../../lib/stored-bookings';

interface MyBookingsCardProps {
  onChanged: () => void;
  Panel: ComponentType<{ onChanged: () => void }>;
  offers: () => Promise<typeof import('./offer-press')>;
}

/** The panel is fetched only for a device that booked. The page passes the loaders: an import() here split the first load over budget. */
export function MyBookingsCard({ onChanged, Panel: MyBookingsPanel, offers }: MyBookingsCardProps) {
  // After the first paint: a page's first localStorage read opens the store, 15 ms of a cheap phone's first render.
  const [booked, setBooked] = useState(false);
  // A notification's `Ambil` / `Lewati` (0058): its answer, and the panel read again with the slot taken.
  const [pressed, setPressed] = useState<{ text: string; failed: boolean }>();
  useEffect(() => {
    const stored = hasStoredBookings();
    setBooked(stored);
    if (!stored && !window.location.search.includes('tawaran=')) return;
    offers()
      .then(async ({ pressOfferFromAddress, collectTakenOffers }) => {
        const said = await pressOfferFromAddress();
        const collected = await collectTakenOffers();
        if (!said && collected === 0) return;
        setPressed(said ?? { text: '', failed: false });
        setBooked(hasStoredBookings());
      })
      .catch(() => undefined);
  }, [offers]);
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
