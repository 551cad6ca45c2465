import { lateSoFar } from '../../../domain/booking/late-loan';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { loanScreenMessages } from '../../../domain/text/loan-screen-messages';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import type { LocalMoment } from '../../../domain/time/moment';

export interface CardClock {
  now: LocalMoment;
  graceMinutes: number;
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
