import type { Db } from '../../db/database';
import { namesBikes } from '../../domain/motor/bikes';
import type { AdminWait } from '../../domain/schemas/waiting-list';
import { localMomentIn } from '../../domain/time/clock';
import type { SessionAdmin } from '../admin/service';
import { withBookingLock } from '../bookings/booking-lock';
import { emit } from '../events/bus';
import { findBikes } from '../motor/service';
import { endOffer, endWait, findWaitByRef, findWaitsAndHolds } from './repository';

/** The console's view, in order of request; a hold's end on the wall clock; with two or more bikes the bike held or waited for. */
export async function listWaitsForAdmin(db: Db, clock: { now: Date; timeZone: string }): Promise<AdminWait[]> {
  const bikes = await findBikes(db.kysely);
  const named = namesBikes(bikes);
  return (await findWaitsAndHolds(db.kysely, clock.now)).map((row) => {
    const bike = bikes.find((each) => each.id === row.motorbikeId);
    return {
      ref: row.ref,
      name: row.name,
      date: row.date,
      start: row.start,
      end: row.end,
      heldUntil: row.holdUntil === null ? null : localMomentIn(clock.timeZone, new Date(row.holdUntil)).time,
      ...(named && { motor: bike ? { id: bike.id, name: bike.name } : null }),
    };
  });
}

/** `Akhiri tawaran`: the wait and its offer end under the booking lock, audited (false: none open); the next round gets the span. */
export async function endWaitByAdmin(db: Db, admin: SessionAdmin, ref: string, now: Date): Promise<boolean> {
  return withBookingLock(db, async (trx) => {
    const wait = await findWaitByRef(trx, ref);
    if (!wait || (!wait.open && wait.offerIds.length === 0)) return false;
    if (wait.open) await endWait(trx, wait.id, 'ended-by-admin', now);
    for (const offerId of wait.offerIds) await endOffer(trx, offerId, 'ended-by-admin', now);
    const held = wait.offerIds.length > 0;
    await emit(trx, { type: 'waitEndedByAdmin', wait: { name: wait.name, ...wait.span }, held, admin, at: now });
    return true;
  });
}
