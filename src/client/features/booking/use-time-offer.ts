import { useState } from 'react';
import { type BookingInput, bookedMinutesOn } from '../../../domain/booking/booking-rules';
import { bookedSpan } from '../../../domain/booking/day-timeline';
import { minutesLeft, offeredSpan } from '../../../domain/booking/form-help';
import { looksLikeVoucherCode } from '../../../domain/booking/voucher-code';
import { bookingState } from '../../../domain/handover/handover';
import type { LoanOut, RosterEntry } from '../../../domain/schemas/bookings';
import { nameKey } from '../../../domain/text/name-key';
import { findMinutes, type MinuteSpan } from '../../../domain/time/clock';
import type { LocalMoment } from '../../../domain/time/moment';
import { type KnownDay, purposeFor, spanOf } from './client-checks';
import { findRosterEntry } from './roster';

type When = Pick<BookingInput, 'date' | 'start' | 'end'>;
const keyOf = ({ date, start, end }: When) => `${date} ${start} ${end}`;

/** What the form knows besides the day's bookings: the app clock's now, the loans out and their grace, the `Tidak tersedia` spans. */
export interface OfferContext {
  now: LocalMoment | undefined;
  loansOut: readonly LoanOut[];
  graceMinutes: number;
  unavailable: Record<string, MinuteSpan[]> | undefined;
  roster: RosterEntry[] | undefined;
}

/** Whether a loan out is late at `now`, as the server's late-loan refusal judges it (0038). */
function loanLateAt(now: LocalMoment, loansOut: readonly LoanOut[], graceMinutes: number): boolean {
  return loansOut.some((loan) => bookingState({ ...loan, cancelled: false, stage: 'pickedUp' }, now, graceMinutes).kind === 'late');
}

/** The longest booking the name's class (or committee) and its day's total leave; none for a voucher. */
function maxMinutesFor(refused: BookingInput, day: NonNullable<KnownDay>, roster: RosterEntry[] | undefined): number | undefined {
  if (looksLikeVoucherCode(refused.reason)) return undefined;
  const entry = findRosterEntry(roster, refused.name);
  if (!entry) return undefined;
  const own = day.bookings.filter((booking) => nameKey(booking.name) === nameKey(entry.name)).map((booking) => spanOf(booking, day.date));
  return minutesLeft(entry.class, purposeFor(refused, roster) === 'committee', bookedMinutesOn(day.date, own));
}

/**
 * After a start is refused (by the form or the server), with the day's bookings read again: when the form can see why (a clash, a `Tidak tersedia` span, a
 * late loan's reach, a start past), `Pakai jam …` offers the next span the rules accept. Shown only while date and times are the refused ones.
 */
export function useTimeOffer(current: When) {
  const [offer, setOffer] = useState<{ key: string; span: { start: string; end: string } }>();

  const findOffer = (refused: BookingInput, day: KnownDay, context: OfferContext) => {
    const nowMinutes = context.now && findMinutes(context.now.time);
    if (!day || day.date !== refused.date || !context.now || nowMinutes === undefined) return;
    const taken = [
      ...(day.lane ?? day.bookings).flatMap((booking) => bookedSpan(booking) ?? []),
      ...(context.unavailable?.[refused.date] ?? []),
    ];
    const span = offeredSpan(refused, {
      date: refused.date,
      now: { date: context.now.date, minutes: nowMinutes },
      loanLate: loanLateAt(context.now, context.loansOut, context.graceMinutes),
      taken,
      maxMinutes: maxMinutesFor(refused, day, context.roster),
    });
    setOffer(span && { key: keyOf(refused), span });
  };

  return { offer: offer?.key === keyOf(current) ? offer.span : undefined, findOffer };
}
