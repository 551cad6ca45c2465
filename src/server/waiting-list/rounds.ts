import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { startsWhileLate, startsWithinLateReach } from '../../domain/handover/handover';
import { addDays, type Clock, localMomentIn, type MinuteSpan } from '../../domain/time/clock';
import {
  busyRangesOn,
  type DaySpan,
  freeSpanToOffer,
  isWaitOver,
  MAX_WAITS_CHECKED_PER_ROUND,
  OFFER_HOLD_MINUTES,
  offerText,
} from '../../domain/waiting-list/waiting-list';
import { withBookingLock } from '../bookings/booking-lock';
import { findBookingsTouching } from '../bookings/service';
import { borrowerChannel, borrowerMessageKey } from '../chat/notify';
import { findLoansOut } from '../handover/service';
import { findPeriodsFrom } from '../out-of-service/service';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import {
  endOffer,
  endPastWaits,
  endWait,
  expireOffers,
  findAllHolds,
  findDeviceChats,
  findHolds,
  findOpenWaits,
  findOpenWaitsByIds,
  findOpenWaitsOn,
  hasOpenWaitsOrOffers,
  insertOffer,
  type StoredWait,
} from './repository';

/**
 * `readNow`: the app's clock, read again once the booking lock is held, so an offer is never stamped
 * before the cancel or return that freed its span (the simulator's `offers-were-free`); `now` when absent.
 */
type RoundClock = Clock & { graceMinutes: number; readNow?: () => Date };

function underLock(clock: RoundClock): RoundClock {
  return clock.readNow ? { ...clock, now: clock.readNow() } : clock;
}

/** What keeps `date`'s minutes from being booked at `now`: its bookings, out-of-service periods and holds. */
export async function busyOn(db: Executor, date: string, now: Date): Promise<MinuteSpan[]> {
  return busyRangesOn(date, {
    bookings: await findBookingsTouching(db, date),
    periods: await findPeriodsFrom(db, addDays(date, -1)),
    holds: await findHolds(db, [date], now),
  });
}

/**
 * Ends the holds that passed, then offers each freed span to the first open wait for it (in order
 * of request), holding it OFFER_HOLD_MINUTES. Returns how many offers it made. The waits worth a
 * look are found before the booking lock, each date read once, so the lock is held for at most
 * MAX_WAITS_CHECKED_PER_ROUND waits however many there are (issue 40); the rest wait a round.
 */
export async function offerFreedSpans(db: Db, clock: RoundClock): Promise<number> {
  if (!(await hasOpenWaitsOrOffers(db.kysely))) return 0;
  const freed = await findFreedWaits(db.kysely, clock);
  return withBookingLock(db, async (trx) => offerTo(trx, await findOpenWaitsByIds(trx, freed), underLock(clock)));
}

/** Ends the offer, if still open, and passes its span on to the first waits of its date in the same transaction; false when it had ended. */
export function passOfferOn(db: Db, offerId: number, how: 'skipped' | 'refused', asked: RoundClock): Promise<boolean> {
  return withBookingLock(db, async (trx) => {
    const clock = underLock(asked);
    if (!(await endOffer(trx, offerId, how, clock.now))) return false;
    const date = (await findHoldDate(trx, offerId)) ?? '';
    await offerTo(trx, await findOpenWaitsOn(trx, date, MAX_WAITS_CHECKED_PER_ROUND), clock);
    return true;
  });
}

async function findHoldDate(trx: Executor, offerId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('slot_offer').select('borrow_date').where('id', '=', offerId).executeTakeFirst();
  return row?.borrow_date;
}

/**
 * Outside the lock: the first open waits, in order of request, with a taken part free now (late
 * loans aside). The periods and holds are read once, each date's bookings once.
 */
async function findFreedWaits(db: Executor, clock: RoundClock): Promise<number[]> {
  const moment = localMomentIn(clock.timeZone, clock.now);
  const waits = (await findOpenWaits(db)).filter((wait) => !isWaitOver(wait, moment));
  if (waits.length === 0) return [];
  const periods = await findPeriodsFrom(db, addDays(moment.date, -1));
  const holds = await findAllHolds(db, clock.now);
  const busyByDate = new Map<string, MinuteSpan[]>();
  const freed: number[] = [];
  for (const wait of waits) {
    let busy = busyByDate.get(wait.date);
    if (!busy) {
      busy = busyRangesOn(wait.date, { bookings: await findBookingsTouching(db, wait.date), periods, holds });
      busyByDate.set(wait.date, busy);
    }
    if (freeSpanToOffer(wait, busy, moment)) freed.push(wait.id);
    if (freed.length === MAX_WAITS_CHECKED_PER_ROUND) break;
  }
  return freed;
}

/**
 * `trx` holds the booking lock, as does every change to an offer: under READ COMMITTED each
 * statement sees the latest commit, so an offer ended outside the lock could free a span halfway
 * through a round and hand it to the second in line.
 */
async function offerTo(trx: Executor, waits: readonly StoredWait[], clock: RoundClock): Promise<number> {
  const { now, timeZone } = clock;
  await expireOffers(trx, now);
  const moment = localMomentIn(timeZone, now);
  await endPastWaits(trx, moment, now);
  let offered = 0;
  for (const wait of waits) {
    if (isWaitOver(wait, moment)) continue;
    const span = await spanToOffer(trx, wait, clock);
    if (!span) continue;
    const chats = await findDeviceChats(trx, wait.deviceId);
    if (chats.length === 0 && !(await borrowerChannel().reaches(trx, wait.deviceId))) {
      await endWait(trx, wait.id, 'unlinked', now);
      continue;
    }
    const holdUntil = new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000);
    const offerId = await insertOffer(trx, { waitId: wait.id, span, now, holdUntil });
    await endWait(trx, wait.id, 'offered', now);
    const text = offerText(span, localMomentIn(timeZone, holdUntil).time);
    const payload = { text, buttons: { kind: 'offer' as const, offerId } };
    for (const chatId of chats)
      await enqueueOutbox(trx, 'borrower', payload, { now, dedupeKey: borrowerMessageKey(`offer:${offerId}`, chatId), chatId });
    await borrowerChannel().toDevice(trx, wait.deviceId, { key: `offer:${offerId}`, text, offerId }, now);
    offered += 1;
  }
  return offered;
}

/** What of the wait's taken parts is free now, counting the holds made so far; none while a late bike would reach it. */
async function spanToOffer(trx: Executor, wait: StoredWait, clock: RoundClock): Promise<DaySpan | undefined> {
  const moment = localMomentIn(clock.timeZone, clock.now);
  const span = freeSpanToOffer(wait, await busyOn(trx, wait.date, clock.now), moment);
  if (!span) return undefined;
  const startsAt = { date: span.date, time: span.start };
  if (startsWithinLateReach(startsAt, moment) && startsWhileLate(startsAt, moment, await findLoansOut(trx), clock.graceMinutes))
    return undefined;
  return span;
}
