import type { Executor } from '../../db/executor';
import { bookingsToPickUp, bookingsToReturn } from '../../domain/chat/owner-bot';
import type { HandoverBooking } from '../../domain/handover/handover';
import { addDays, localMomentIn, todayIn } from '../../domain/time/clock';
import { wallClockInstant } from '../wall-clock';
import { findHandoverBooking, findHandoversStartingBetween, findLastReturnOnBike, findLoansOut } from './repository';

/** What `/ambil` or `/kembali` acts on now: a pickup may start up to the next day (near midnight), a loan out may be older. */
export async function findHandoverCandidates(
  db: Executor,
  event: 'pickup' | 'return',
  at: Date,
  timeZone: string,
): Promise<HandoverBooking[]> {
  const today = todayIn(timeZone, at);
  const now = localMomentIn(timeZone, at);
  const nearby = await findHandoversStartingBetween(db, addDays(today, -1), addDays(today, 1));
  if (event === 'pickup') return bookingsToPickUp(nearby, now);
  const out = (await findLoansOut(db)).filter((loan) => !nearby.some((booking) => booking.ref === loan.ref));
  return bookingsToReturn([...nearby, ...out], now);
}

/**
 * The no-show question's `Sudah diambil`: the bike went at the start, the owner only forgot to say; or, when the bike's previous
 * loan came back after the start, at that return, so the two loans never held one bike at once.
 */
export async function findStartInstant(db: Executor, ref: string, timeZone: string, at: Date): Promise<Date | undefined> {
  const booking = await findHandoverBooking(db, { ref });
  if (!booking) return undefined;
  const start = new Date(wallClockInstant(booking.date, booking.start, timeZone).getTime());
  const lastReturn = await findLastReturnOnBike(db, booking, start.toISOString(), at.toISOString());
  return lastReturn ? new Date(lastReturn) : start;
}
