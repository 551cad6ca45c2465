import type { Executor } from '../../db/executor';
import { type BookingSpan, findClash } from '../../domain/booking/booking-rules';
import { bookingFormPath } from '../../domain/booking/client-routes';
import { bookingLine, decisionTexts } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { findBlockingPeriod, isPeriodOver, overlapsPeriod } from '../../domain/out-of-service/out-of-service';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import type { OwnNotice } from '../../domain/schemas/own-booking';
import { localMomentIn } from '../../domain/time/clock';
import { findInstant, type LocalMoment } from '../../domain/time/moment';
import { findSpansTouching } from '../bookings/service';
import { enqueueToBookingChats } from '../chat/notify';
import { findPeriodBookings, findPeriodsFrom, findPeriodsOfBooking, findStandingWarned, type StoredPeriod } from './repository';

function startsAfter(span: BookingSpan, now: LocalMoment): boolean {
  return (findInstant({ date: span.date, time: span.start }) ?? 0) > (findInstant(now) ?? 0);
}

/** A cancelled booking's time may be booked again on its bike: still to start, no booking on it now, no period of that bike over it. */
export async function isFreeAgain(db: Executor, span: BookingSpan, now: LocalMoment, motorbikeId: number): Promise<boolean> {
  if (!startsAfter(span, now)) return false;
  const dates = span.endDate === span.date ? [span.date] : [span.date, span.endDate];
  for (const date of dates) {
    const onBike = (await findSpansTouching(db, date)).filter((other) => other.motorbikeId === motorbikeId);
    if (findClash(span, onBike)) return false;
  }
  const periods = (await findPeriodsFrom(db, span.date)).filter((period) => period.motorbikeId === motorbikeId);
  return findBlockingPeriod(span, periods) === undefined;
}

/** `Pesan lagi` to the same time: the booking form, prefilled. */
export function rebookPath(span: BookingSpan): string {
  return bookingFormPath(span.date, span.start, span.end);
}

/**
 * A period over (ended by `/siap` or run out), in the commit that claims it: the borrowers it
 * cancelled are offered their time again with a `Pesan lagi` link while it is still free (told the
 * bike is back otherwise), and those it warned are told their booking stands. Returns those it cancelled.
 */
export async function tellPeriodOver(trx: Executor, period: StoredPeriod, at: Date, settings: { timeZone: string; appUrl?: string }) {
  const now = localMomentIn(settings.timeZone, at);
  const cancelled = await findPeriodBookings(trx, period.id, 'cancelled');
  for (const booking of cancelled) {
    if (await isFreeAgain(trx, booking, now, period.motorbikeId)) {
      const text = decisionTexts.offer(booking, settings.appUrl && `${settings.appUrl}${rebookPath(booking)}`);
      await enqueueToBookingChats(trx, booking, `offer-again:${key(period, booking)}`, text, at);
    } else {
      await enqueueToBookingChats(trx, booking, `back-in-service:${key(period, booking)}`, outOfServiceMessages.backInService, at);
    }
  }
  for (const booking of await findStandingWarned(trx, period.id)) {
    if (startsAfter(booking, now))
      await enqueueToBookingChats(trx, booking, `ready:${key(period, booking)}`, decisionTexts.ready(booking), at);
  }
  return cancelled;
}

function key(period: StoredPeriod, booking: { ref: string }): string {
  return `${period.ref}:${booking.ref}`;
}

/**
 * What the borrower's card says of the periods (issue 38): a booking `Biarkan` left inside one names itself while the period still reaches
 * it and is not over; one a period cancelled offers `Pesan lagi` once the bike is back and its time is still free.
 */
export async function outOfServiceNotice(
  db: Executor,
  booking: BookingSpan & { id: number; cancelled: boolean },
  now: LocalMoment,
): Promise<OwnNotice | undefined> {
  if (booking.cancelled) {
    const [period] = await findPeriodsOfBooking(db, booking.id, 'cancelled');
    if (!period || !isPeriodOver(period, now) || !(await isFreeAgain(db, booking, now, period.motorbikeId))) return undefined;
    return { text: borrowerChatMessages.rebookNotice, link: { label: borrowerChatMessages.rebookButton, href: rebookPath(booking) } };
  }
  const warning = (await findPeriodsOfBooking(db, booking.id, 'warned')).find(
    (period) => overlapsPeriod(booking, period) && !isPeriodOver(period, now),
  );
  return warning && { text: borrowerChatMessages.kept(bookingLine(booking), warning.reason) };
}
