import { randomBytes } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { type Engine, toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { NamedBookingSpan } from '../../domain/booking-day';
import type { SavedBookingDetails } from '../../domain/booking-rules';
import { addDays } from '../../domain/clock';

/** A stored booking that touches a date, with who made it. */
export interface BookingRow extends NamedBookingSpan {
  usersId: string;
}

export interface NewBookingRow extends SavedBookingDetails {
  usersId: string;
  createdAt: string;
  /** SHA-256 of the borrower's cancel secret; never the secret. */
  cancelTokenHash: string;
}

/** 'book' in ASCII: any constant works, as long as every instance on the database uses the same one. */
const BOOKING_LOCK_KEY = 0x626f6f6b;

/**
 * Makes the caller's transaction the only booking transaction running until it ends. SQLite
 * transactions already hold the database's write lock from BEGIN IMMEDIATE; PostgreSQL takes a
 * transaction-scoped advisory lock, which also holds across app instances and is released at
 * commit or rollback.
 */
export async function lockBookings(trx: Executor, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${BOOKING_LOCK_KEY}::bigint)`.execute(trx);
}

/** The columns of a booking joined with its borrower (`b` and `u`) that make its span and name. */
interface NamedSpanColumns {
  borrow_date: string;
  start_time: string;
  end_time: string;
  end_date: string | null;
  name: string;
  class: string;
}

/** A booking row's span and borrower as the domain names them; rows from before overnight loans end on their own date. */
export function toNamedSpan(row: NamedSpanColumns): NamedBookingSpan {
  return {
    date: row.borrow_date,
    start: row.start_time,
    end: row.end_time,
    endDate: row.end_date ?? row.borrow_date,
    name: row.name,
    class: row.class,
  };
}

function touchingQuery(db: Executor, date: string, dayBefore: string) {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.users_id', 'b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date', 'u.name', 'u.class'])
    .where('b.cancelled_at', 'is', null)
    .where((eb) => eb.or([eb('b.borrow_date', '=', date), eb.and([eb('b.borrow_date', '=', dayBefore), eb('b.end_date', '=', date)])]))
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .orderBy('b.id');
}

type TouchingRow = Awaited<ReturnType<ReturnType<typeof touchingQuery>['execute']>>[number];

// Building a Kysely query costs more than SQLite takes to run this one, on the hottest path
// (every availability view, every booking): it is compiled once per dialect and rerun with new
// parameters, which stand in the order [date, dayBefore, date].
const compiledTouchingQueries = new WeakMap<object, CompiledQuery<TouchingRow>>();

/**
 * Active (not cancelled) bookings made on `date`, and overnight ones from the day before that end on it, in the order
 * they start (so the first clash found is the earliest one).
 */
export async function findBookingsTouching(db: Executor, date: string): Promise<BookingRow[]> {
  const dayBefore = addDays(date, -1);
  const adapter = db.getExecutor().adapter;
  let compiled = compiledTouchingQueries.get(adapter);
  if (!compiled) {
    compiled = touchingQuery(db, date, dayBefore).compile();
    compiledTouchingQueries.set(adapter, compiled);
  }
  const { rows } = await db.executeQuery<TouchingRow>({ ...compiled, parameters: [date, dayBefore, date] });
  return rows.map((row) => ({ usersId: row.users_id, ...toNamedSpan(row) }));
}

/** The voucher with this code (as stored, uppercase), or undefined when there is none. */
export async function findVoucher(db: Executor, code: string): Promise<{ isUsed: boolean } | undefined> {
  const row = await db.selectFrom('vouchers').select('is_used').where('code', '=', code).executeTakeFirst();
  return row && { isUsed: toBoolean(row.is_used) };
}

/**
 * Active (not cancelled) bookings that take time on any date from `from` to `to`: those made on one of them, and
 * overnight ones from the day before `from` (the caller drops those that end before it), in the
 * order they start.
 */
export async function findBookingsBetween(db: Executor, from: string, to: string): Promise<NamedBookingSpan[]> {
  const rows = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date', 'u.name', 'u.class'])
    .where('b.borrow_date', '>=', addDays(from, -1))
    .where('b.borrow_date', '<=', to)
    .where('b.cancelled_at', 'is', null)
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .orderBy('b.id')
    .execute();
  return rows.map(toNamedSpan);
}

/** Marks the voucher used if it exists and was unused; false when another booking took it first. */
export async function consumeVoucher(db: Executor, code: string): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set({ is_used: true })
    .where('code', '=', code)
    .where('is_used', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertBooking(db: Executor, booking: NewBookingRow): Promise<{ id: number; ref: string }> {
  const ref = newBookingRef();
  const row = await db
    .insertInto('borrow_request')
    .values({
      users_id: booking.usersId,
      borrow_date: booking.date,
      start_time: booking.start,
      end_time: booking.end,
      end_date: booking.endDate,
      reason: booking.reason,
      need_stnk: booking.needStnk,
      voucher_code: booking.voucherCode,
      created_at: booking.createdAt,
      ref,
      cancel_token_hash: booking.cancelTokenHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ref };
}

/** An opaque, unguessable name for a booking: admin answers and Telegram buttons carry it instead of the id. */
export function newBookingRef(): string {
  return randomBytes(12).toString('base64url');
}

/** A booking as cancelling needs it: its span, who made it, the voucher it spent and whether it is cancelled. */
export interface StoredBooking extends NamedBookingSpan {
  id: number;
  ref: string;
  voucherCode: string | null;
  cancelledAt: string | null;
  /** Null for rows imported from the original app. */
  createdAt: string | null;
}

/** How a caller names the booking it means: admins and Telegram by its ref, the borrower by the hash of its cancel secret. */
export type BookingLookup = { ref: string } | { cancelTokenHash: string };

export async function findStoredBooking(db: Executor, lookup: BookingLookup): Promise<StoredBooking | undefined> {
  const row = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select([
      'b.id',
      'b.ref',
      'b.borrow_date',
      'b.start_time',
      'b.end_time',
      'b.end_date',
      'b.voucher_code',
      'b.cancelled_at',
      'b.created_at',
      'u.name',
      'u.class',
    ])
    // Equality on the unique column: the lookup never matches a prefix, and tells nothing about near misses.
    .where((eb) => ('ref' in lookup ? eb('b.ref', '=', lookup.ref) : eb('b.cancel_token_hash', '=', lookup.cancelTokenHash)))
    .executeTakeFirst();
  if (!row || row.ref === null) return undefined;
  return {
    id: row.id,
    ref: row.ref,
    ...toNamedSpan(row),
    voucherCode: row.voucher_code,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
  };
}

export interface CancellationRow {
  cancelledAt: string;
  kind: string;
  userId: string | null;
  reason: string;
}

/** Marks an active booking cancelled; false when it already was (nothing changes then). */
export async function markBookingCancelled(db: Executor, id: number, cancellation: CancellationRow): Promise<boolean> {
  const result = await db
    .updateTable('borrow_request')
    .set({
      cancelled_at: cancellation.cancelledAt,
      cancelled_by_kind: cancellation.kind,
      cancelled_by_user_id: cancellation.userId,
      cancel_reason: cancellation.reason,
    })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Makes a spent voucher usable again; a revoked one stays refused. */
export async function returnVoucher(db: Executor, code: string): Promise<void> {
  await db.updateTable('vouchers').set({ is_used: false }).where('code', '=', code).where('revoked_at', 'is', null).execute();
}

/** Active bookings that start from `from` to `to` (inclusive), with their borrower, in start order. */
export async function findActiveBookingsStartingBetween(db: Executor, from: string, to: string) {
  const rows = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select(['b.ref', 'b.borrow_date', 'b.start_time', 'b.end_time', 'b.end_date', 'b.created_at', 'u.name', 'u.class'])
    .where('b.cancelled_at', 'is', null)
    .where('b.borrow_date', '>=', from)
    .where('b.borrow_date', '<=', to)
    .orderBy('b.borrow_date')
    .orderBy('b.start_time')
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ ref: row.ref, ...toNamedSpan(row), createdAt: row.created_at }));
}
