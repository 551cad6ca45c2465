import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { returnChargeText } from '../../domain/chat/owner-bot';
import { type Charge, chargeFor, chargeRules, isPurpose } from '../../domain/fund/charges';
import { minutesBetween } from '../../domain/handover/handover';
import { addDays, type Clock, localMomentIn, todayIn } from '../../domain/time/clock';
import { withBookingLock } from '../bookings/booking-lock';
import { ownerChatOfBooking } from '../bookings/owner-notice';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import {
  appendLedgerEntry,
  type ChargeLoanRow,
  chargeEntriesOf,
  findCharge,
  findChargeLoan,
  findEarlierCommitteeLoans,
  findUnchargedLoans,
  insertCharge,
  updateComputedCharge,
} from './repository';

function moment(at: string | null, timeZone: string) {
  return at === null ? null : localMomentIn(timeZone, new Date(at));
}

function computeFor(loan: ChargeLoanRow, committeeMinutesEarlier: number, clock: Clock & { graceMinutes: number }): Charge {
  const start = { date: loan.date, time: loan.start };
  const bookedEnd = { date: loan.bookedEnd.endDate, time: loan.bookedEnd.end };
  return chargeFor(
    {
      start,
      bookedEnd,
      pickedUp: moment(loan.pickedUpAt, clock.timeZone),
      returned: moment(loan.returnedAt, clock.timeZone),
      purpose: isPurpose(loan.purpose) ? loan.purpose : 'personal',
      voucher: loan.voucher,
      cancelled: loan.cancelled,
      released: loan.released,
      committeeMinutesEarlier,
    },
    { class: loan.class },
    chargeRules(clock.graceMinutes),
  );
}

async function committeeMinutesBefore(db: Executor, loan: ChargeLoanRow, timeZone: string): Promise<number> {
  if (loan.purpose !== 'committee') return 0;
  const earlier = await findEarlierCommitteeLoans(db, loan);
  return earlier.reduce((sum, other) => {
    const from = moment(other.pickedUpAt, timeZone) ?? { date: other.date, time: other.start };
    const to = moment(other.returnedAt, timeZone) ?? { date: other.bookedEnd.endDate, time: other.bookedEnd.end };
    return sum + Math.max(0, minutesBetween(from, to));
  }, 0);
}

/**
 * Writes or recomputes the loan's one charge, in the caller's transaction: at a return (or, with
 * `provisional`, when end + grace passed without one) a missing charge is written; any later
 * change to the loan (a corrected time, a release, a cancellation) recomputes the one there is.
 */
export async function settleCharge(
  db: Executor,
  bookingId: number,
  clock: Clock & { graceMinutes: number },
  provisional = false,
): Promise<void> {
  const loan = await findChargeLoan(db, bookingId);
  if (!loan) return;
  const existing = await findCharge(db, bookingId);
  const returned = loan.returnedAt !== null;
  if (!existing && !returned && !provisional) return;
  const charge = computeFor(loan, await committeeMinutesBefore(db, loan, clock.timeZone), clock);
  const write = {
    bookingId,
    lines: charge.lines,
    computedTotal: charge.total,
    provisional: !returned && !loan.released && !loan.cancelled,
    at: clock.now.toISOString(),
  };
  // A conflict means another writer got there first in the meantime: this newer reading wins.
  if (existing || !(await insertCharge(db, { ...write, usersId: loan.usersId }))) await updateComputedCharge(db, write);
  await appendChargeEntry(db, loan, {
    at: clock.now,
    today: todayIn(clock.timeZone, clock.now),
    by: '',
    note: adminMessages.fund.recomputed,
  });
}

/**
 * Brings the book in line with the loan's charge, in the caller's transaction: a first non-zero charge is a `charge` entry on the loan's
 * date with the rule's lines and recorded times; any later difference a `charge-change` today; nothing when they agree.
 */
export async function appendChargeEntry(
  db: Executor,
  loan: ChargeLoanRow,
  change: { at: Date; today: string; by: string; note: string },
): Promise<void> {
  const charge = await findCharge(db, loan.id);
  if (!charge) return;
  const booked = await chargeEntriesOf(db, loan.id);
  const delta = charge.amount - booked.owed;
  if (delta === 0) return;
  const basis = { lines: charge.lines, pickedUpAt: loan.pickedUpAt, returnedAt: loan.returnedAt, provisional: charge.provisional };
  await appendLedgerEntry(db, {
    kind: booked.count === 0 ? 'charge' : 'charge-change',
    date: booked.count === 0 ? loan.date : change.today,
    usersId: loan.usersId,
    bookingId: loan.id,
    cash: 0,
    owed: delta,
    // The app's first reading of the rules needs no reason; an admin's amount always has one.
    note: booked.count === 0 && change.by === '' ? '' : change.note,
    basis: JSON.stringify(basis),
    at: change.at.toISOString(),
    by: change.by,
  });
}

/** The owner's confirmation of a return, with its charge, once per loan; none when it costs nothing. */
export async function enqueueReturnCharge(db: Executor, bookingId: number, clock: Clock & { graceMinutes: number }): Promise<void> {
  const loan = await findChargeLoan(db, bookingId);
  const charge = await findCharge(db, bookingId);
  if (!loan?.ref || loan.returnedAt === null || !charge || charge.computedTotal === 0) return;
  const time = localMomentIn(clock.timeZone, new Date(loan.returnedAt)).time;
  const text = returnChargeText(loan, time, { lines: charge.lines, total: charge.computedTotal });
  await enqueueOutbox(
    db,
    'handover',
    { text },
    { now: clock.now, dedupeKey: `charged:${loan.ref}`, chatId: await ownerChatOfBooking(db, loan.ref) },
  );
}

/**
 * The provisional charges now due: bookings from yesterday on and loans still out, not returned, released or cancelled, past planned end +
 * grace. Each is written under the booking lock (no interleaved return); the unique booking makes it once across instances. Older bookings
 * are left alone: the first start after this feature must not charge every booking nobody recorded.
 */
export async function writeDueProvisionalCharges(db: Db, clock: Clock & { graceMinutes: number }): Promise<number> {
  const now = localMomentIn(clock.timeZone, clock.now);
  const today = todayIn(clock.timeZone, clock.now);
  const candidates = await findUnchargedLoans(db.kysely, addDays(today, -1));
  let written = 0;
  for (const candidate of candidates) {
    const end = { date: candidate.bookedEnd.endDate, time: candidate.bookedEnd.end };
    if (minutesBetween(end, now) <= clock.graceMinutes) continue;
    await withBookingLock(db, async (trx) => {
      const loan = await findChargeLoan(trx, candidate.id);
      if (!loan || loan.returnedAt !== null || loan.released || loan.cancelled || (await findCharge(trx, loan.id))) return;
      await settleCharge(trx, loan.id, clock, true);
      written += 1;
    });
  }
  return written;
}
