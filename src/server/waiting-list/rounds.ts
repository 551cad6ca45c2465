import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { startsWhileLate, startsWithinLateReach } from '../../domain/handover/handover';
import { type Bike, namesBikes } from '../../domain/motor/bikes';
import { addDays, type Clock, localMomentIn, type MinuteSpan } from '../../domain/time/clock';
import {
  type BikesBusyFacts,
  bikesOfWait,
  busyRangesOfBike,
  type DaySpan,
  freeSpanToOffer,
  isWaitOver,
  MAX_WAITS_CHECKED_PER_ROUND,
  OFFER_HOLD_MINUTES,
  offerText,
} from '../../domain/waiting-list/waiting-list';
import { withBookingLock } from '../bookings/booking-lock';
import { findSpansTouching } from '../bookings/service';
import { borrowerChannel, borrowerMessageKey, withBikeLine } from '../chat/notify';
import { findLoansOutOn } from '../handover/service';
import { findBikes } from '../motor/service';
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

/** What keeps `date`'s minutes from being booked at `now` on each of `bikes`, in their order: its bookings, periods and holds. */
export async function busyOnBikes(db: Executor, date: string, now: Date, bikes: readonly Bike[]): Promise<MinuteSpan[][]> {
  const facts: BikesBusyFacts = {
    bookings: await findSpansTouching(db, date),
    periods: await findPeriodsFrom(db, addDays(date, -1)),
    holds: await findHolds(db, [date], now),
  };
  return bikes.map((bike) => busyRangesOfBike(date, facts, bike.id));
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
 * Outside the lock: the first open waits, in order of request, with a taken part free now on a bike
 * they may be offered (late loans aside). The bikes, periods and holds are read once, each date's bookings once.
 */
async function findFreedWaits(db: Executor, clock: RoundClock): Promise<number[]> {
  const moment = localMomentIn(clock.timeZone, clock.now);
  const waits = (await findOpenWaits(db)).filter((wait) => !isWaitOver(wait, moment));
  if (waits.length === 0) return [];
  const bikes = await findBikes(db);
  const periods = await findPeriodsFrom(db, addDays(moment.date, -1));
  const holds = await findAllHolds(db, clock.now);
  const factsByDate = new Map<string, BikesBusyFacts>();
  const freed: number[] = [];
  for (const wait of waits) {
    let facts = factsByDate.get(wait.date);
    if (!facts) {
      facts = { bookings: await findSpansTouching(db, wait.date), periods, holds };
      factsByDate.set(wait.date, facts);
    }
    const onDate = facts;
    if (bikesOfWait(bikes, wait).some((bike) => freeSpanToOffer(wait, busyRangesOfBike(wait.date, onDate, bike.id), moment))) {
      freed.push(wait.id);
    }
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
  const bikes = waits.length === 0 ? [] : await findBikes(trx);
  let offered = 0;
  for (const wait of waits) {
    if (isWaitOver(wait, moment)) continue;
    const found = await spanToOffer(trx, wait, bikesOfWait(bikes, wait), clock);
    if (!found) continue;
    const { span, bike } = found;
    const chats = await findDeviceChats(trx, wait.deviceId);
    if (chats.length === 0 && !(await borrowerChannel().reaches(trx, wait.deviceId))) {
      await endWait(trx, wait.id, 'unlinked', now);
      continue;
    }
    const holdUntil = new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000);
    const offerId = await insertOffer(trx, { waitId: wait.id, motorbikeId: bike.id, span, now, holdUntil });
    await endWait(trx, wait.id, 'offered', now);
    const text = withBikeLine(offerText(span, localMomentIn(timeZone, holdUntil).time), namesBikes(bikes) ? bike.name : undefined);
    const payload = { text, buttons: { kind: 'offer' as const, offerId } };
    for (const chatId of chats)
      await enqueueOutbox(trx, 'borrower', payload, { now, dedupeKey: borrowerMessageKey(`offer:${offerId}`, chatId), chatId });
    await borrowerChannel().toDevice(trx, wait.deviceId, { key: `offer:${offerId}`, text, offerId }, now);
    offered += 1;
  }
  return offered;
}

/** What of the wait's taken parts is free now on the first of `bikes` that has any (holds so far counted, late loans not reached). */
async function spanToOffer(
  trx: Executor,
  wait: StoredWait,
  bikes: readonly Bike[],
  clock: RoundClock,
): Promise<{ span: DaySpan; bike: Bike } | undefined> {
  if (bikes.length === 0) return undefined;
  const moment = localMomentIn(clock.timeZone, clock.now);
  const busy = await busyOnBikes(trx, wait.date, clock.now, bikes);
  for (const [index, bike] of bikes.entries()) {
    const span = freeSpanToOffer(wait, busy[index] ?? [], moment);
    if (!span) continue;
    const startsAt = { date: span.date, time: span.start };
    const late = async () => startsWhileLate(startsAt, moment, await findLoansOutOn(trx, bike.id), clock.graceMinutes);
    if (startsWithinLateReach(startsAt, moment) && (await late())) continue;
    return { span, bike };
  }
  return undefined;
}
