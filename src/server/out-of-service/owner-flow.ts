import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import { type UntilChoice, untilOfChoice } from '../../domain/out-of-service/owner-flow';
import { addDays, type Clock, localMomentIn } from '../../domain/time/clock';
import { withBookingLock } from '../bookings/booking-lock';
import { cancelBooking } from '../bookings/cancel/service';
import { emit } from '../events/bus';
import { enqueueToBikeOwner, findOwnerBike, namingBike } from './owner-chat';
import {
  claimStillOutQuestions,
  findPeriodByRef,
  findTreatedBookingIds,
  insertPeriodBookings,
  type PeriodBooking,
  type StoredPeriod,
  writeChosenUntil,
  writeDecision,
} from './repository';
import { findBookingsInside } from './service';

const owner = { kind: 'owner' } as const;

/** The bookings inside the period nobody has decided about yet, by start. */
export async function findUndecided(db: Executor, period: StoredPeriod): Promise<PeriodBooking[]> {
  const treated = await findTreatedBookingIds(db, period.id);
  return (await findBookingsInside(db, period)).filter((booking) => !treated.has(booking.id));
}

export type UntilOutcome =
  | { kind: 'notFound' }
  | { kind: 'already'; period: StoredPeriod }
  | { kind: 'chosen'; period: StoredPeriod; inside: PeriodBooking[] };

/**
 * The owner's answer to `Sampai kapan?`: the period gets its end; only the bookings inside are left to decide (none: recorded as leaving
 * them be). The first press stands; under the booking lock like every period change.
 */
export async function chooseUntil(db: Db, ref: string, choice: UntilChoice, clock: Clock): Promise<UntilOutcome> {
  const now = localMomentIn(clock.timeZone, clock.now);
  return withBookingLock(db, async (trx) => {
    const previous = await findPeriodByRef(trx, ref);
    if (!previous) return { kind: 'notFound' };
    const until = untilOfChoice(choice, now);
    const askOn = choice === 'Belum tahu' ? addDays(now.date, 1) : null;
    if (!(await writeChosenUntil(trx, previous.id, { untilDate: until.date, untilTime: until.time, askOn }))) {
      return { kind: 'already', period: previous };
    }
    const period: StoredPeriod = { ...previous, untilDate: until.date, untilTime: until.time };
    const inside = await findUndecided(trx, period);
    const decision = inside.length === 0 && (await writeDecision(trx, period.id, 'keep')) ? 'keep' : null;
    await emit(trx, { type: 'periodChanged', period, previous, by: owner, decision, affected: inside.length, warned: [], at: clock.now });
    return { kind: 'chosen', period: { ...period, decision: decision ?? period.decision }, inside };
  });
}

export type OneOutcome =
  | { kind: 'notFound' }
  | { kind: 'done' }
  | { kind: 'decided'; period: StoredPeriod; booking: PeriodBooking; left: PeriodBooking[] };

/** Leaves the decision at `keep` once every booking inside is decided one by one: a later `Ubah` then asks only about new ones. */
async function closeWhenDecided(trx: Executor, period: StoredPeriod): Promise<PeriodBooking[]> {
  const left = await findUndecided(trx, period);
  if (left.length === 0) await writeDecision(trx, period.id, 'keep');
  return left;
}

/**
 * `Batalkan` or `Biarkan` under one listed booking, still inside and undecided (a second press, or one after `Batalkan semua`, records
 * nothing). `Biarkan` warns in this commit; `Batalkan` goes through the one cancellation service as the period's.
 */
export async function decideOne(db: Db, request: { ref: string; booking: string; cancel: boolean }, clock: Clock): Promise<OneOutcome> {
  const at = clock.now.toISOString();
  const found = await withBookingLock(db, async (trx) => {
    const period = await findPeriodByRef(trx, request.ref);
    if (!period) return { kind: 'notFound' as const };
    const booking = (await findUndecided(trx, period)).find((candidate) => candidate.ref === request.booking);
    if (!booking || period.ended !== null) return { kind: 'done' as const };
    if (request.cancel) return { kind: 'toCancel' as const, period, booking };
    await insertPeriodBookings(trx, period.id, [booking.id], 'warned', at);
    const warned = [booking];
    await emit(trx, { type: 'periodChanged', period, previous: period, by: owner, decision: 'keep', affected: 1, warned, at: clock.now });
    return { kind: 'decided' as const, period, booking, left: await closeWhenDecided(trx, period) };
  });
  if (found.kind !== 'toCancel') return found;
  const { period, booking } = found;
  const cause = { kind: 'period', periodId: period.id } as const;
  const reason = outOfServiceMessages.cancelReason(period.reason);
  const outcome = await cancelBooking(db, { ref: booking.ref }, { who: owner, reason, now: clock.now, timeZone: clock.timeZone, cause });
  if (outcome.kind !== 'cancelled') return { kind: 'done' };
  return { kind: 'decided', period, booking, left: await closeWhenDecided(db.kysely, period) };
}

/** After `Belum tahu`, with the morning digest: `Motor masih tidak tersedia ({alasan})?` in its bike's owner chat, once per period across instances. */
export async function askWhetherStillOut(db: Db, date: string, at: Date): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const periods = await claimStillOutQuestions(trx, date, at.toISOString());
    for (const period of periods) {
      const bike = await findOwnerBike(trx, period.motorbikeId);
      const text = namingBike(outOfServiceMessages.ownerAskStill(escapeLegacyMarkdown(period.reason)), bike);
      const keyboard = { kind: 'outOfServiceStill', ref: period.ref } as const;
      await enqueueToBikeOwner(trx, bike, { text, keyboard }, `out-of-service-still:${period.ref}`, at);
    }
    return periods.length;
  });
}
