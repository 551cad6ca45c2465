import { useEffect, useState } from 'react';
import { lateSoFar } from '../../../domain/booking/late-loan';
import type { TodayResponse } from '../../../domain/schemas/bookings';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { loanScreenMessages } from '../../../domain/text/loan-screen-messages';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { appMomentAt } from '../../../domain/time/clock';
import type { LocalMoment } from '../../../domain/time/moment';
import { fetchToday } from '../../lib/schedule-api';

export interface CardClock {
  now: LocalMoment;
  graceMinutes: number;
}

export interface ServerClock {
  today: TodayResponse;
  receivedAt: number;
}

/** The server's clock moved on by the browser's stopwatch, again each minute: a late loan's minutes and fine grow on screen. */
export function useCardClock(clock: ServerClock | undefined): CardClock | undefined {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!clock) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 60_000);
    return () => clearInterval(timer);
  }, [clock]);
  if (!clock) return undefined;
  const at = new Date(Date.parse(clock.today.now) + Date.now() - clock.receivedAt);
  return { now: appMomentAt(clock.today, at), graceMinutes: clock.today.returnGraceMinutes };
}

/** The server's clock, asked once, for a page that shows one booking. */
export function useServerClock(): CardClock | undefined {
  const [clock, setClock] = useState<ServerClock>();
  useEffect(() => {
    const controller = new AbortController();
    fetchToday(controller.signal).then((result) => {
      if (result.ok) setClock({ today: result.data, receivedAt: Date.now() });
    });
    return () => controller.abort();
  }, []);
  return useCardClock(clock);
}

/** While the loan is late: `Terlambat {n} menit · denda sejauh ini Rp{x}` and how the fine is counted, by chargeFor's rule (0051). */
export function LateLine({ booking, clock }: { booking: OwnBooking; clock: CardClock }) {
  const late = lateSoFar({ ...booking, stage: booking.handover.stage }, clock.now, clock.graceMinutes);
  if (!late) return null;
  return (
    <div className="rounded-md border-l-8 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950">
      <p className="font-semibold tabular-nums">{loanScreenMessages.lateSoFar(late.minutes, formatRupiah(late.fine))}</p>
      <p className="text-sm">{messages.fund.ruleLate(clock.graceMinutes)}</p>
    </div>
  );
}
