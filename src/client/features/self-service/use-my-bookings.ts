import { useEffect, useState } from 'react';
import { type CardBooking, type MyBooking, myBookingsOnCard } from '../../../domain/booking/my-bookings';
import type { TodayResponse } from '../../../domain/schemas/bookings';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { localMomentIn } from '../../../domain/time/clock';
import { forgetMyBooking, readMyBookings } from '../../lib/device-storage';
import { fetchToday } from '../../lib/schedule-api';
import { cancelOwnBooking, fetchOwnBookings } from './api';
import { useCardClock } from './late-line';

/** This device's bookings for the card, and what the server says of each; asked on mount and when the tab is shown again. */
function useCardBookings() {
  const [entries, setEntries] = useState<CardBooking[]>([]);
  // By cancel secret: what the server says of each (null: a secret it does not know).
  const [handovers, setHandovers] = useState<Record<string, OwnBooking | null>>({});
  const [clock, setClock] = useState<{ today: TodayResponse; receivedAt: number }>();

  // On mount and when the tab is shown again (a phone left on this page): the buttons open with time.
  useEffect(() => {
    let controller = new AbortController();
    const load = () => {
      const { signal } = controller;
      fetchToday(signal).then((result) => {
        // Without the server's clock the card cannot tell upcoming from past: it stays away.
        if (!result.ok) return;
        setClock({ today: result.data, receivedAt: Date.now() });
        const now = localMomentIn(result.data.timeZone, new Date(result.data.now));
        const onCard = myBookingsOnCard(readMyBookings(now), now);
        setEntries(onCard);
        if (onCard.length === 0) return;
        // One request for all of them, never on a render: a cheap phone's data plan counts.
        const tokens = onCard.map((entry) => entry.booking.token);
        fetchOwnBookings(tokens, signal).then((lookup) => {
          if (!lookup.ok) return;
          const answers = Object.fromEntries(tokens.map((token, index) => [token, lookup.data.bookings[index] ?? null]));
          // A secret the server does not know names no booking any more.
          for (const token of tokens.filter((token) => answers[token] === null)) forgetMyBooking(token);
          setHandovers(answers);
        });
      });
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      controller.abort();
      controller = new AbortController();
      load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return { entries, setEntries, handovers, setHandovers, clock };
}

/** The card's bookings, the one asked to be cancelled, and the cancellation and handovers that change them. */
export function useMyBookings(onChanged: () => void) {
  const { entries, setEntries, handovers, setHandovers, clock } = useCardBookings();
  const cardClock = useCardClock(clock);
  const [asking, setAsking] = useState<MyBooking>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();

  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    const result = await cancelOwnBooking(asking.token);
    setBusy(false);
    setAsking(undefined);
    const gone = !result.ok && (result.status === 404 || result.status === 409);
    if (!result.ok && !gone) {
      setNotice({ text: result.message, failed: true });
      return;
    }
    // Cancelled now, or no longer this device's to cancel (started, cancelled elsewhere, unknown): off the card.
    forgetMyBooking(asking.token);
    setEntries((current) => current.filter((entry) => entry.booking.token !== asking.token));
    setNotice(result.ok ? { text: messages.cancelDone, failed: false } : { text: result.message, failed: true });
    onChanged();
  };

  const recorded = (token: string) => (booking: OwnBooking) => {
    setHandovers((current) => ({ ...current, [token]: booking }));
    onChanged();
  };

  // A started booking is on the card only for its handover: without the server's answer it has nothing to offer.
  const shown = entries.filter(
    (entry) => handovers[entry.booking.token] !== null && (entry.upcoming || handovers[entry.booking.token] !== undefined),
  );
  return { handovers, asking, setAsking, busy, notice, confirm, recorded, shown, clock: cardClock };
}
