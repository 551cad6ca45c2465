import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';
import type { NamedBookingSpan } from '../../domain/booking/booking-day';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import type { OutOfServiceDecision, OutOfServicePeriod } from '../../domain/out-of-service/out-of-service';
import { NAMED_SPAN_COLUMNS, type NamedSpanRow, SPAN_COLUMN, toNamedSpan } from '../bookings/booking-row';

export interface StoredPeriod extends OutOfServicePeriod {
  id: number;
  ref: string;
  motorbikeId: number;
  createdAt: string;
  createdBy: { kind: string; name: string | null };
  decision: OutOfServiceDecision | null;
  ended: { at: string; kind: string; name: string | null } | null;
}

export interface PeriodBooking extends NamedBookingSpan {
  id: number;
  ref: string;
  voucherCode: string | null;
}

export type PeriodAction = 'cancelled' | 'warned';

function periodsQuery(db: Executor) {
  return db.selectFrom('out_of_service').selectAll().orderBy('from_date').orderBy('from_time').orderBy('id');
}

type PeriodRow = Awaited<ReturnType<ReturnType<typeof periodsQuery>['execute']>>[number];

function toPeriod(row: PeriodRow): StoredPeriod {
  return {
    id: row.id,
    ref: row.ref,
    motorbikeId: row.motorbike_id,
    fromDate: row.from_date,
    fromTime: row.from_time,
    untilDate: row.until_date,
    untilTime: row.until_time,
    reason: row.reason,
    createdAt: row.created_at,
    createdBy: { kind: row.created_by_kind, name: row.created_by_name },
    decision: row.decision === 'cancel' || row.decision === 'keep' ? row.decision : null,
    ended: row.ended_at === null ? null : { at: row.ended_at, kind: row.ended_by_kind ?? '', name: row.ended_by_name },
  };
}

/** The periods not over before `date`: open-ended ones and those ending on or after it. */
const periodsFromQuery = compiledQuery((db, from: { date: string }) =>
  periodsQuery(db).where((eb) => eb.or([eb('until_date', 'is', null), eb('until_date', '>=', from.date)])),
);

export async function findPeriodsFrom(db: Executor, date: string): Promise<StoredPeriod[]> {
  const { rows } = await periodsFromQuery(db, { date });
  return rows.map(toPeriod);
}

/** Newest first. */
export async function findRecentPeriods(db: Executor, limit: number): Promise<StoredPeriod[]> {
  const rows = await db.selectFrom('out_of_service').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toPeriod);
}

export async function findPeriodByRef(db: Executor, ref: string): Promise<StoredPeriod | undefined> {
  const row = await periodsQuery(db).where('ref', '=', ref).executeTakeFirst();
  return row && toPeriod(row);
}

export interface NewPeriod extends OutOfServicePeriod {
  ref: string;
  motorbikeId?: number;
  createdAt: string;
  createdBy: { kind: 'admin' | 'owner'; name: string | null };
  decision: OutOfServiceDecision | null;
}

export async function insertPeriod(db: Executor, period: NewPeriod): Promise<number> {
  const row = await db
    .insertInto('out_of_service')
    .values({
      ref: period.ref,
      from_date: period.fromDate,
      from_time: period.fromTime,
      until_date: period.untilDate,
      until_time: period.untilTime,
      reason: period.reason,
      motorbike_id: period.motorbikeId ?? FIRST_BIKE_ID,
      created_at: period.createdAt,
      created_by_kind: period.createdBy.kind,
      created_by_name: period.createdBy.name,
      decision: period.decision,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** False when a decision was taken already: the first press stands. */
export async function writeDecision(db: Executor, id: number, decision: OutOfServiceDecision): Promise<boolean> {
  const result = await db
    .updateTable('out_of_service')
    .set({ decision })
    .where('id', '=', id)
    .where('decision', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** `Ubah`: the new reason and end, and the decision now standing for the bookings inside it did not warn. */
export async function writePeriodChange(
  db: Executor,
  id: number,
  change: { untilDate: string | null; untilTime: string | null; reason: string; decision: OutOfServiceDecision | null },
): Promise<void> {
  await db
    .updateTable('out_of_service')
    .set({ until_date: change.untilDate, until_time: change.untilTime, reason: change.reason, decision: change.decision })
    .where('id', '=', id)
    .execute();
}

/** The periods deciding `cancel` that are not ended nor run out by `now`: a `Batalkan semua` may be unfinished in them. */
export async function findCancellingPeriods(db: Executor, now: { date: string; time: string }): Promise<StoredPeriod[]> {
  const rows = await periodsQuery(db)
    .where('decision', '=', 'cancel')
    .where('ended_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('until_date', 'is', null),
        eb('until_date', '>', now.date),
        eb.and([eb('until_date', '=', now.date), eb('until_time', '>', now.time)]),
      ]),
    )
    .execute();
  return rows.map(toPeriod);
}

/** The ids of the bookings a period cancelled or warned. */
export async function findTreatedBookingIds(db: Executor, periodId: number, action?: PeriodAction): Promise<Set<number>> {
  let query = db.selectFrom('out_of_service_booking').select('booking_id').where('period_id', '=', periodId);
  if (action !== undefined) query = query.where('action', '=', action);
  return new Set((await query.execute()).map((row) => row.booking_id));
}

/** An admin by name, to cancel as a period's maker; undefined once the name is gone from the roster's admins. */
export async function findAdminIdByName(db: Executor, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('name', '=', name).where('role', '=', 'admin').executeTakeFirst();
  return row?.id;
}

export async function writePeriodEnd(
  db: Executor,
  id: number,
  end: { untilDate: string; untilTime: string; at: string; kind: string; name: string | null },
): Promise<void> {
  await db
    .updateTable('out_of_service')
    .set({ until_date: end.untilDate, until_time: end.untilTime, ended_at: end.at, ended_by_kind: end.kind, ended_by_name: end.name })
    .where('id', '=', id)
    .execute();
}

const BOOKING_COLUMNS = ['b.id', 'b.ref', ...NAMED_SPAN_COLUMNS, 'b.voucher_code'] as const;

type BookingColumns = { id: number; ref: string | null; voucher_code: string | null } & NamedSpanRow;

function toPeriodBooking(row: BookingColumns): PeriodBooking[] {
  return row.ref === null ? [] : [{ id: row.id, ref: row.ref, voucherCode: row.voucher_code, ...toNamedSpan(row) }];
}

/** Bookings of the bike not cancelled nor handed over (issue 38) that may reach into `[fromDate, untilDate]`, by start; the caller checks exactly. */
export async function findActiveBookingsAround(
  db: Executor,
  fromDate: string,
  untilDate: string | null,
  motorbikeId: number,
): Promise<PeriodBooking[]> {
  let query = db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(BOOKING_COLUMNS)
    .where('b.motorbike_id', '=', motorbikeId)
    .where('b.cancelled_at', 'is', null)
    .where('b.picked_up_at', 'is', null)
    .where('b.returned_at', 'is', null)
    .where('b.released_at', 'is', null)
    .where((eb) => eb.or([eb(SPAN_COLUMN.date, '>=', fromDate), eb(SPAN_COLUMN.endDate, '>=', fromDate)]));
  if (untilDate !== null) query = query.where(SPAN_COLUMN.date, '<=', untilDate);
  const rows = await query.orderBy(SPAN_COLUMN.date).orderBy(SPAN_COLUMN.start).orderBy('b.id').execute();
  return rows.flatMap(toPeriodBooking);
}

export async function insertPeriodBookings(db: Executor, periodId: number, bookingIds: number[], action: PeriodAction, at: string) {
  if (bookingIds.length === 0) return;
  await db
    .insertInto('out_of_service_booking')
    .values(bookingIds.map((bookingId) => ({ period_id: periodId, booking_id: bookingId, action, at })))
    .onConflict((oc) => oc.columns(['period_id', 'booking_id']).doNothing())
    .execute();
}

/** The bookings a period cancelled or warned, by start. */
export async function findPeriodBookings(db: Executor, periodId: number, action: PeriodAction): Promise<PeriodBooking[]> {
  const rows = await db
    .selectFrom('out_of_service_booking as o')
    .innerJoin('borrow_request as b', 'b.id', 'o.booking_id')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(BOOKING_COLUMNS)
    .where('o.period_id', '=', periodId)
    .where('o.action', '=', action)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.flatMap(toPeriodBooking);
}

/** The periods that cancelled or warned a booking, newest first. */
export async function findPeriodsOfBooking(db: Executor, bookingId: number, action: PeriodAction): Promise<StoredPeriod[]> {
  const rows = await db
    .selectFrom('out_of_service_booking as o')
    .innerJoin('out_of_service as p', 'p.id', 'o.period_id')
    .selectAll('p')
    .where('o.booking_id', '=', bookingId)
    .where('o.action', '=', action)
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map(toPeriod);
}

/** The bookings `Biarkan` left inside a period that still stand: not cancelled since, not handed over yet. */
export async function findStandingWarned(db: Executor, periodId: number): Promise<PeriodBooking[]> {
  const rows = await db
    .selectFrom('out_of_service_booking as o')
    .innerJoin('borrow_request as b', 'b.id', 'o.booking_id')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(BOOKING_COLUMNS)
    .where('o.period_id', '=', periodId)
    .where('o.action', '=', 'warned')
    .where('b.cancelled_at', 'is', null)
    .where('b.picked_up_at', 'is', null)
    .where('b.released_at', 'is', null)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .execute();
  return rows.flatMap(toPeriodBooking);
}

/** The ended (even before they began) or run-out periods not claimed yet, each claimed by this call (`back_claimed_at`). */
export async function claimPeriodsOverBy(db: Executor, now: { date: string; time: string }, at: string): Promise<StoredPeriod[]> {
  const rows = await periodsQuery(db)
    .where('back_claimed_at', 'is', null)
    .where('until_date', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('ended_at', 'is not', null),
        eb('until_date', '<', now.date),
        eb.and([eb('until_date', '=', now.date), eb('until_time', '<=', now.time)]),
      ]),
    )
    .execute();
  const claimed: StoredPeriod[] = [];
  for (const row of rows) {
    const result = await db
      .updateTable('out_of_service')
      .set({ back_claimed_at: at })
      .where('id', '=', row.id)
      .where('back_claimed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) claimed.push(toPeriod(row));
  }
  return claimed;
}

/** How many bookings each period cancelled and warned. */
export async function countPeriodBookings(db: Executor, periodIds: number[]): Promise<Map<number, Record<PeriodAction, number>>> {
  const counts = new Map<number, Record<PeriodAction, number>>();
  if (periodIds.length === 0) return counts;
  const rows = await db
    .selectFrom('out_of_service_booking')
    .select(['period_id', 'action', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('period_id', 'in', periodIds)
    .groupBy(['period_id', 'action'])
    .execute();
  for (const row of rows) {
    const count = counts.get(row.period_id) ?? { cancelled: 0, warned: 0 };
    if (row.action === 'cancelled' || row.action === 'warned') count[row.action] = Number(row.n);
    counts.set(row.period_id, count);
  }
  return counts;
}

/** `/bengkel`'s first answer to `Sampai kapan?`: false when the period has an end already (a second press, `/siap`). */
export async function writeChosenUntil(
  db: Executor,
  id: number,
  until: { untilDate: string; untilTime: string; askOn: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('out_of_service')
    .set({ until_date: until.untilDate, until_time: until.untilTime, ask_on: until.askOn })
    .where('id', '=', id)
    .where('until_date', 'is', null)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The `Belum tahu` periods whose question is due on `date`, each claimed once across instances. */
export async function claimStillOutQuestions(db: Executor, date: string, at: string): Promise<StoredPeriod[]> {
  const rows = await periodsQuery(db).where('ask_on', '=', date).where('asked_at', 'is', null).execute();
  const claimed: StoredPeriod[] = [];
  for (const row of rows) {
    const result = await db
      .updateTable('out_of_service')
      .set({ asked_at: at })
      .where('id', '=', row.id)
      .where('asked_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) claimed.push(toPeriod(row));
  }
  return claimed;
}

/** Null for `TELEGRAM_CHAT_ID` (0060), as for a bike not found. */
export async function findOwnerChatOfBike(db: Executor, motorbikeId: number): Promise<string | null> {
  const row = await db.selectFrom('motorbike').select('owner_chat_id').where('id', '=', motorbikeId).executeTakeFirst();
  return row?.owner_chat_id ?? null;
}

export async function findBikeOfBookingRef(db: Executor, ref: string): Promise<number | undefined> {
  const row = await db.selectFrom('borrow_request').select('motorbike_id').where('ref', '=', ref).executeTakeFirst();
  return row?.motorbike_id;
}
