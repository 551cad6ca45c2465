import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database, SlotWaitTable } from '../../db/schema';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import { type DaySpan, formatTakenParts, parseTakenParts, type WantedSpan } from '../../domain/waiting-list/waiting-list';
import { toDaySpan } from '../bookings/booking-row';

export interface StoredWait extends WantedSpan {
  id: number;
  deviceId: number;
  usersId: string;
  name: string;
  reason: string;
  /** Ignored when `anyBike` (`Motor mana saja`, 0062). */
  motorbikeId: number;
  anyBike: boolean;
}

export interface StoredOffer extends DaySpan {
  id: number;
  waitId: number;
  holdUntil: string;
  ended: boolean;
  motorbikeId: number;
}

const WAIT_COLUMNS = [
  'w.id',
  'w.device_id',
  'w.users_id',
  'u.name',
  'w.borrow_date',
  'w.start_time',
  'w.end_time',
  'w.reason',
  'w.taken',
  'w.motorbike_id',
  'w.any_bike',
] as const;

function openWaitsQuery(db: Executor) {
  return db
    .selectFrom('slot_wait as w')
    .innerJoin('users as u', 'u.id', 'w.users_id')
    .select(WAIT_COLUMNS)
    .where('w.ended_at', 'is', null)
    .orderBy('w.id');
}

type WaitRow = Awaited<ReturnType<ReturnType<typeof openWaitsQuery>['execute']>>[number];

function toWait(row: WaitRow): StoredWait {
  const span = toDaySpan(row);
  return {
    id: row.id,
    deviceId: row.device_id,
    usersId: row.users_id,
    name: row.name,
    reason: row.reason,
    ...span,
    taken: parseTakenParts(row.taken, span),
    motorbikeId: row.motorbike_id,
    anyBike: toBoolean(row.any_bike),
  };
}

/** In order of request: the waiting list's order. */
export async function findOpenWaits(db: Executor): Promise<StoredWait[]> {
  return (await openWaitsQuery(db).execute()).map(toWait);
}

/** The first `limit` open waits of `date`, in order of request. */
export async function findOpenWaitsOn(db: Executor, date: string, limit: number): Promise<StoredWait[]> {
  return (await openWaitsQuery(db).where('w.borrow_date', '=', date).limit(limit).execute()).map(toWait);
}

export async function findOpenWaitsByIds(db: Executor, ids: readonly number[]): Promise<StoredWait[]> {
  if (ids.length === 0) return [];
  return (await openWaitsQuery(db).where('w.id', 'in', ids).execute()).map(toWait);
}

export async function findDeviceWaits(db: Executor, deviceId: number): Promise<StoredWait[]> {
  return (await openWaitsQuery(db).where('w.device_id', '=', deviceId).execute()).map(toWait);
}

/** The offers of the device's waits taken since `since` (by its chat's `Ambil` or its notification's), newest last. */
export async function findTakenOffers(db: Executor, deviceId: number, since: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('slot_offer as o')
    .innerJoin('slot_wait as w', 'w.id', 'o.wait_id')
    .select('o.id')
    .where('w.device_id', '=', deviceId)
    .where('o.ended_how', '=', 'taken')
    .where('o.ended_at', '>=', since.toISOString())
    .orderBy('o.id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertWait(
  db: Executor,
  wait: { deviceId: number; usersId: string; span: WantedSpan; reason: string; now: Date; motorbikeId?: number | undefined },
): Promise<void> {
  await db
    .insertInto('slot_wait')
    .values({
      device_id: wait.deviceId,
      users_id: wait.usersId,
      borrow_date: wait.span.date,
      start_time: wait.span.start,
      end_time: wait.span.end,
      reason: wait.reason,
      created_at: wait.now.toISOString(),
      taken: formatTakenParts(wait.span.taken),
      ref: randomBytes(12).toString('base64url'),
      ...(wait.motorbikeId === undefined ? { any_bike: true } : { motorbike_id: wait.motorbikeId }),
    })
    .execute();
}

export async function endWait(db: Executor, id: number, how: 'offered' | 'past' | 'unlinked' | 'ended-by-admin', at: Date): Promise<void> {
  await db
    .updateTable('slot_wait')
    .set({ ended_at: at.toISOString(), ended_how: how })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends in one statement every open wait whose span is over at `now` (a date and a wall-clock time). */
export async function endPastWaits(db: Executor, now: { date: string; time: string }, at: Date): Promise<void> {
  await db
    .updateTable('slot_wait')
    .set({ ended_at: at.toISOString(), ended_how: 'past' })
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('borrow_date', '<', now.date), eb.and([eb('borrow_date', '=', now.date), eb('end_time', '<=', now.time)])]))
    .execute();
}

/**
 * The waits open, or offered with the hold not passed, counted against MAX_OPEN_WAITS: the most of
 * any chat linked to `deviceId` (over every device that chat is linked to), and those of `usersId`.
 */
export async function countOpenWaits(db: Executor, of: { deviceId: number; usersId: string; now: Date }): Promise<number> {
  const at = of.now.toISOString();
  const open = (eb: ExpressionBuilder<Database & { w: SlotWaitTable }, 'w'>) =>
    eb.or([
      eb('w.ended_at', 'is', null),
      eb.exists(
        eb
          .selectFrom('slot_offer as o')
          .select('o.id')
          .whereRef('o.wait_id', '=', 'w.id')
          .where('o.ended_at', 'is', null)
          .where('o.hold_until', '>', at),
      ),
    ]);
  const byChat = await db
    .selectFrom('borrower_chat as c')
    .innerJoin('borrower_chat as other', 'other.chat_id', 'c.chat_id')
    .innerJoin('slot_wait as w', 'w.device_id', 'other.device_id')
    .select((eb) => ['c.chat_id', eb.fn.count<number>('w.id').distinct().as('count')])
    .where('c.device_id', '=', of.deviceId)
    .where(open)
    .groupBy('c.chat_id')
    .execute();
  const byName = await db
    .selectFrom('slot_wait as w')
    .select((eb) => eb.fn.count<number>('w.id').as('count'))
    .where('w.users_id', '=', of.usersId)
    .where(open)
    .executeTakeFirstOrThrow();
  return Math.max(Number(byName.count), ...byChat.map((row) => Number(row.count)));
}

/** Any wait or offer still open: the round does nothing else when there is none. */
export async function hasOpenWaitsOrOffers(db: Executor): Promise<boolean> {
  const wait = await db.selectFrom('slot_wait').select('id').where('ended_at', 'is', null).limit(1).executeTakeFirst();
  if (wait) return true;
  const offer = await db.selectFrom('slot_offer').select('id').where('ended_at', 'is', null).limit(1).executeTakeFirst();
  return offer !== undefined;
}

function offersQuery(db: Executor) {
  return db
    .selectFrom('slot_offer')
    .select(['id', 'wait_id', 'borrow_date', 'start_time', 'end_time', 'hold_until', 'ended_at', 'motorbike_id']);
}

function toOffer(row: Awaited<ReturnType<ReturnType<typeof offersQuery>['execute']>>[number]): StoredOffer {
  return {
    id: row.id,
    waitId: row.wait_id,
    ...toDaySpan(row),
    holdUntil: row.hold_until,
    ended: row.ended_at !== null,
    motorbikeId: row.motorbike_id,
  };
}

const holdsQuery = compiledQuery((db, on: { first: string; last: string; now: string }) =>
  offersQuery(db)
    .where('ended_at', 'is', null)
    .where('hold_until', '>', on.now)
    .where('borrow_date', 'in', [on.first, on.last])
    .orderBy('hold_until'),
);

/** The holds on `dates` (a day, or a span's two days) at `now`: offers not ended whose hold has not passed, by the hold's end. */
export async function findHolds(db: Executor, dates: readonly [string] | readonly [string, string], now: Date): Promise<StoredOffer[]> {
  const [first, last = first] = dates;
  const { rows } = await holdsQuery(db, { first, last, now: now.toISOString() });
  return rows.map(toOffer);
}

/** The holds of `findHolds` on one bike: those offered on it (0062). */
export async function findHoldsOn(
  db: Executor,
  dates: readonly [string] | readonly [string, string],
  now: Date,
  motorbikeId: number,
): Promise<StoredOffer[]> {
  return (await findHolds(db, dates, now)).filter((hold) => hold.motorbikeId === motorbikeId);
}

/** Every hold at `now`, whatever its date: the round's look before the lock reads them once. */
export async function findAllHolds(db: Executor, now: Date): Promise<StoredOffer[]> {
  const rows = await offersQuery(db).where('ended_at', 'is', null).where('hold_until', '>', now.toISOString()).execute();
  return rows.map(toOffer);
}

export async function findOffer(db: Executor, id: number): Promise<StoredOffer | undefined> {
  const row = await offersQuery(db).where('id', '=', id).executeTakeFirst();
  return row && toOffer(row);
}

export async function insertOffer(
  db: Executor,
  offer: { waitId: number; motorbikeId?: number; span: DaySpan; now: Date; holdUntil: Date },
): Promise<number> {
  const row = await db
    .insertInto('slot_offer')
    .values({
      wait_id: offer.waitId,
      borrow_date: offer.span.date,
      start_time: offer.span.start,
      end_time: offer.span.end,
      offered_at: offer.now.toISOString(),
      hold_until: offer.holdUntil.toISOString(),
      motorbike_id: offer.motorbikeId ?? FIRST_BIKE_ID,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends an offer not ended yet; false when it already was, so one press or one round ends it. */
export async function endOffer(
  db: Executor,
  id: number,
  how: 'taken' | 'skipped' | 'expired' | 'refused' | 'ended-by-admin',
  at: Date,
  bookingId: number | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('slot_offer')
    .set({ ended_at: at.toISOString(), ended_how: how, booking_id: bookingId })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the offers whose hold has passed; returns how many. */
export async function expireOffers(db: Executor, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('slot_offer')
    .set({ ended_at: at, ended_how: 'expired' })
    .where('ended_at', 'is', null)
    .where('hold_until', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The wait an offer was made to, ended or not. */
export async function findWaitOfOffer(db: Executor, offerId: number): Promise<StoredWait | undefined> {
  const row = await db
    .selectFrom('slot_offer as o')
    .innerJoin('slot_wait as w', 'w.id', 'o.wait_id')
    .innerJoin('users as u', 'u.id', 'w.users_id')
    .select(WAIT_COLUMNS)
    .where('o.id', '=', offerId)
    .executeTakeFirst();
  return row && toWait(row);
}

export async function findDeviceChats(db: Executor, deviceId: number): Promise<string[]> {
  const rows = await db.selectFrom('borrower_chat').select('chat_id').where('device_id', '=', deviceId).orderBy('chat_id').execute();
  return rows.map((row) => row.chat_id);
}

/** The daily clean-up: waits ended before `before`, with their offers (all ended by then); a wait with an offer still open stays. */
export async function deleteEndedWaits(db: Executor, before: Date): Promise<number> {
  const at = before.toISOString();
  const ended = db
    .selectFrom('slot_wait as w')
    .select('w.id')
    .where('w.ended_at', '<', at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('slot_offer as o')
            .select('o.id')
            .whereRef('o.wait_id', '=', 'w.id')
            .where((inner) => inner.or([inner('o.ended_at', 'is', null), inner('o.ended_at', '>=', at)])),
        ),
      ),
    );
  await db.deleteFrom('slot_offer').where('wait_id', 'in', ended).execute();
  const result = await db.deleteFrom('slot_wait').where('id', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AdminWaitRow extends DaySpan {
  ref: string;
  name: string;
  createdAt: string;
  holdUntil: string | null;
  /** The bike held, or waited for; undefined: `Motor mana saja` not offered yet. */
  motorbikeId: number | undefined;
}

/** For the console: every wait open, and every wait whose offer still holds its span, with that hold's end; in order of request. */
export async function findWaitsAndHolds(db: Executor, now: Date): Promise<AdminWaitRow[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('slot_wait as w')
    .innerJoin('users as u', 'u.id', 'w.users_id')
    .leftJoin('slot_offer as o', (join) => join.onRef('o.wait_id', '=', 'w.id').on('o.ended_at', 'is', null).on('o.hold_until', '>', at))
    .select([
      'w.ref',
      'u.name',
      'w.borrow_date',
      'w.start_time',
      'w.end_time',
      'w.created_at',
      'o.hold_until',
      'o.start_time as offer_start',
      'o.end_time as offer_end',
      'w.motorbike_id',
      'w.any_bike',
      'o.motorbike_id as offer_motorbike_id',
    ])
    .where((eb) => eb.or([eb('w.ended_at', 'is', null), eb('o.id', 'is not', null)]))
    .orderBy('w.id')
    .execute();
  return rows.flatMap((row) =>
    row.ref === null
      ? []
      : [
          {
            ref: row.ref,
            name: row.name,
            date: row.borrow_date,
            start: row.offer_start ?? row.start_time,
            end: row.offer_end ?? row.end_time,
            createdAt: row.created_at,
            holdUntil: row.hold_until,
            motorbikeId: row.offer_motorbike_id ?? (toBoolean(row.any_bike) ? undefined : row.motorbike_id),
          },
        ],
  );
}

/** The wait named by `ref` with its open offer, if any; the span is the offer's while one is open. */
export async function findWaitByRef(
  db: Executor,
  ref: string,
): Promise<{ id: number; name: string; span: DaySpan; open: boolean; offerIds: number[] } | undefined> {
  const row = await db
    .selectFrom('slot_wait as w')
    .innerJoin('users as u', 'u.id', 'w.users_id')
    .select(['w.id', 'u.name', 'w.borrow_date', 'w.start_time', 'w.end_time', 'w.ended_at'])
    .where('w.ref', '=', ref)
    .executeTakeFirst();
  if (!row) return undefined;
  const offers = await db
    .selectFrom('slot_offer')
    .select(['id', 'start_time', 'end_time'])
    .where('wait_id', '=', row.id)
    .where('ended_at', 'is', null)
    .execute();
  const [held] = offers;
  const span = { date: row.borrow_date, start: held?.start_time ?? row.start_time, end: held?.end_time ?? row.end_time };
  return { id: row.id, name: row.name, span, open: row.ended_at === null, offerIds: offers.map((offer) => offer.id) };
}
