import { sql } from 'kysely';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { ChargeLine } from '../../domain/fund/charges';
import { BOOKED_END_COLUMNS, SPAN_COLUMN, SPAN_COLUMNS, toBookedEnd, toSpan } from '../bookings/booking-row';
import { addToTotals } from './totals';

export interface ChargeLoanRow {
  id: number;
  ref: string | null;
  usersId: string;
  name: string;
  class: string;
  date: string;
  start: string;
  bookedEnd: { end: string; endDate: string };
  pickedUpAt: string | null;
  returnedAt: string | null;
  released: boolean;
  cancelled: boolean;
  voucher: boolean;
  purpose: string;
}

function loanQuery(db: Executor) {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select([
      'b.id',
      'b.ref',
      'b.users_id',
      ...SPAN_COLUMNS,
      ...BOOKED_END_COLUMNS,
      'b.picked_up_at',
      'b.returned_at',
      'b.released_at',
      'b.cancelled_at',
      'b.voucher_code',
      'b.purpose',
      'u.name',
      'u.class',
    ]);
}

type LoanRow = Awaited<ReturnType<ReturnType<typeof loanQuery>['execute']>>[number];

function toLoan(row: LoanRow): ChargeLoanRow {
  const { date, start } = toSpan(row);
  return {
    id: row.id,
    ref: row.ref,
    usersId: row.users_id,
    name: row.name,
    class: row.class,
    date,
    start,
    bookedEnd: toBookedEnd(row),
    pickedUpAt: row.picked_up_at,
    returnedAt: row.returned_at,
    released: row.released_at !== null,
    cancelled: row.cancelled_at !== null,
    voucher: row.voucher_code !== null,
    purpose: row.purpose,
  };
}

export async function findChargeLoan(db: Executor, bookingId: number): Promise<ChargeLoanRow | undefined> {
  const row = await loanQuery(db).where('b.id', '=', bookingId).executeTakeFirst();
  return row && toLoan(row);
}

/** The member's other committee loans that day starting before this one, which use up the free hours first. */
export async function findEarlierCommitteeLoans(db: Executor, loan: ChargeLoanRow): Promise<ChargeLoanRow[]> {
  const rows = await loanQuery(db)
    .where('b.users_id', '=', loan.usersId)
    .where(SPAN_COLUMN.date, '=', loan.date)
    .where('b.purpose', '=', 'committee')
    .where(SPAN_COLUMN.start, '<', loan.start)
    .where('b.cancelled_at', 'is', null)
    .where('b.released_at', 'is', null)
    .execute();
  return rows.map(toLoan);
}

/** Not returned, released nor cancelled, without a charge: booked from `fromDate` on, or picked up on any date. */
export async function findUnchargedLoans(db: Executor, fromDate: string): Promise<ChargeLoanRow[]> {
  const rows = await loanQuery(db)
    .where('b.returned_at', 'is', null)
    .where('b.released_at', 'is', null)
    .where('b.cancelled_at', 'is', null)
    .where((eb) => eb.or([eb(SPAN_COLUMN.date, '>=', fromDate), eb('b.picked_up_at', 'is not', null)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('charge as c').select('c.id').whereRef('c.booking_id', '=', 'b.id'))))
    .execute();
  return rows.map(toLoan);
}

export interface ChargeRow {
  bookingId: number;
  usersId: string;
  lines: ChargeLine[];
  computedTotal: number;
  amount: number;
  provisional: boolean;
  adminAmount: number | null;
  adminReason: string | null;
  createdAt: string;
}

const CHARGE_COLUMNS = [
  'c.booking_id',
  'c.users_id',
  'c.lines',
  'c.computed_total',
  'c.amount',
  'c.provisional',
  'c.admin_amount',
  'c.admin_reason',
  'c.created_at',
] as const;

function toCharge(row: {
  booking_id: number;
  users_id: string;
  lines: string;
  computed_total: number;
  amount: number;
  provisional: boolean | number;
  admin_amount: number | null;
  admin_reason: string | null;
  created_at: string;
}): ChargeRow {
  return {
    bookingId: row.booking_id,
    usersId: row.users_id,
    lines: JSON.parse(row.lines) as ChargeLine[],
    computedTotal: Number(row.computed_total),
    amount: Number(row.amount),
    provisional: row.provisional === true || row.provisional === 1,
    adminAmount: row.admin_amount === null ? null : Number(row.admin_amount),
    adminReason: row.admin_reason,
    createdAt: row.created_at,
  };
}

export async function findCharge(db: Executor, bookingId: number): Promise<ChargeRow | undefined> {
  const row = await db.selectFrom('charge as c').select(CHARGE_COLUMNS).where('c.booking_id', '=', bookingId).executeTakeFirst();
  return row && toCharge(row);
}

export interface ChargeWrite {
  bookingId: number;
  usersId: string;
  lines: ChargeLine[];
  computedTotal: number;
  provisional: boolean;
  at: string;
}

/** Once per loan whoever writes first (the unique booking_id): true when this call wrote it. */
export async function insertCharge(db: Executor, charge: ChargeWrite): Promise<boolean> {
  const result = await db
    .insertInto('charge')
    .values({
      booking_id: charge.bookingId,
      users_id: charge.usersId,
      lines: JSON.stringify(charge.lines),
      computed_total: charge.computedTotal,
      amount: charge.computedTotal,
      provisional: charge.provisional,
      created_at: charge.at,
      updated_at: charge.at,
    })
    .onConflict((conflict) => conflict.column('booking_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A recompute: the admin's amount, when they set one, stays what is owed. */
export async function updateComputedCharge(db: Executor, charge: Omit<ChargeWrite, 'usersId'>): Promise<void> {
  await db
    .updateTable('charge')
    .set({
      lines: JSON.stringify(charge.lines),
      computed_total: charge.computedTotal,
      amount: sql<number>`coalesce(admin_amount, ${charge.computedTotal})`,
      provisional: charge.provisional,
      updated_at: charge.at,
    })
    .where('booking_id', '=', charge.bookingId)
    .execute();
}

export async function setAdminAmount(db: Executor, bookingId: number, change: { amount: number; reason: string; at: string }) {
  await db
    .updateTable('charge')
    .set({ admin_amount: change.amount, admin_reason: change.reason, amount: change.amount, updated_at: change.at })
    .where('booking_id', '=', bookingId)
    .execute();
}

export interface BookCharge extends ChargeRow {
  ref: string | null;
  date: string;
  start: string;
  member: { id: string; ref: string | null; name: string; class: string };
}

/** Every charge with its loan and member, oldest loan first. */
export async function findAllCharges(db: Executor): Promise<BookCharge[]> {
  const rows = await db
    .selectFrom('charge as c')
    .innerJoin('borrow_request as b', 'b.id', 'c.booking_id')
    .innerJoin('users as u', 'u.id', 'c.users_id')
    .select([...CHARGE_COLUMNS, 'b.ref', SPAN_COLUMN.date, SPAN_COLUMN.start, 'u.ref as member_ref', 'u.name', 'u.class'])
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    ...toCharge(row),
    ref: row.ref,
    date: row.borrow_date,
    start: row.start_time,
    member: { id: row.users_id, ref: row.member_ref, name: row.name, class: row.class },
  }));
}

export async function findBookingIdByRef(db: Executor, ref: string): Promise<number | undefined> {
  const row = await db.selectFrom('borrow_request').select('id').where('ref', '=', ref).executeTakeFirst();
  return row?.id;
}

export interface LedgerMember {
  id: string;
  ref: string | null;
  name: string;
  class: string;
}

export interface LedgerRow {
  id: number;
  kind: string;
  date: string;
  member: LedgerMember | null;
  bookingId: number | null;
  bookingRef: string | null;
  motorbikeId: number | null;
  cash: number;
  owed: number;
  duesMonth: string | null;
  detail: string;
  note: string;
  basis: string | null;
  correctsId: number | null;
  correctedById: number | null;
  createdAt: string;
  createdBy: string;
}

function ledgerQuery(db: Executor) {
  return db
    .selectFrom('ledger_entry as e')
    .leftJoin('users as u', 'u.id', 'e.users_id')
    .leftJoin('borrow_request as b', 'b.id', 'e.booking_id')
    .leftJoin('ledger_entry as k', 'k.corrects_id', 'e.id')
    .select([
      'e.id',
      'e.kind',
      'e.entry_date',
      'e.users_id',
      'e.booking_id',
      'e.cash',
      'e.owed',
      'e.dues_month',
      'e.detail',
      'e.note',
      'e.basis',
      'e.corrects_id',
      'e.created_at',
      'e.created_by',
      'u.ref as member_ref',
      'u.name',
      'u.class',
      'b.ref as booking_ref',
      'b.motorbike_id',
      'k.id as corrected_by_id',
    ])
    .orderBy('e.entry_date')
    .orderBy('e.id');
}

type LedgerQueryRow = Awaited<ReturnType<ReturnType<typeof ledgerQuery>['execute']>>[number];

function toLedgerRow(row: LedgerQueryRow): LedgerRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    date: row.entry_date,
    member: row.users_id === null ? null : { id: row.users_id, ref: row.member_ref ?? null, name: row.name ?? '', class: row.class ?? '' },
    bookingId: row.booking_id,
    bookingRef: row.booking_ref ?? null,
    motorbikeId: row.motorbike_id ?? null,
    cash: Number(row.cash),
    owed: Number(row.owed),
    duesMonth: row.dues_month,
    detail: row.detail,
    note: row.note,
    basis: row.basis,
    correctsId: row.corrects_id,
    correctedById: row.corrected_by_id === null ? null : Number(row.corrected_by_id),
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** One member's entries (or the whole book), by date then as written. */
export async function findLedger(db: Executor, filter: { usersId?: string } = {}): Promise<LedgerRow[]> {
  let query = ledgerQuery(db);
  if (filter.usersId !== undefined) query = query.where('e.users_id', '=', filter.usersId);
  return (await query.execute()).map(toLedgerRow);
}

/** The first day of `month` and of the month after it: entries of a month are the dates between, by the date index. */
function monthBounds(month: string): { from: string; before: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, before: `${next}-01` };
}

/** The entries dated from the first month to the last, both whole, by date then as written. */
export async function findLedgerOfMonths(db: Executor, first: string, last: string): Promise<LedgerRow[]> {
  const rows = await ledgerQuery(db)
    .where('e.entry_date', '>=', monthBounds(first).from)
    .where('e.entry_date', '<', monthBounds(last).before)
    .execute();
  return rows.map(toLedgerRow);
}

export async function findLedgerEntries(db: Executor, ids: readonly number[]): Promise<LedgerRow[]> {
  if (ids.length === 0) return [];
  return (
    await ledgerQuery(db)
      .where('e.id', 'in', [...ids])
      .execute()
  ).map(toLedgerRow);
}

export async function findFirstLedgerDate(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_entry')
    .select((eb) => eb.fn.min<string | null>('entry_date').as('first'))
    .executeTakeFirst();
  return row?.first ?? undefined;
}

const toNumber = (value: number | string | null | undefined) => Number(value ?? 0);

/** The fund's balance: every entry's cash, or that of the entries dated before `month` (the months' totals, 0059). */
export async function cashBefore(db: Executor, month?: string): Promise<number> {
  let query = db.selectFrom('ledger_month').select(sql<number | string | null>`sum(cash_in - cash_out)`.as('cash'));
  if (month !== undefined) query = query.where('month', '<', month);
  return toNumber((await query.executeTakeFirst())?.cash);
}

/** Money in and out of each month from `first` to `last` that has entries moving cash. */
export async function cashFlowsOfMonths(db: Executor, first: string, last: string): Promise<{ month: string; in: number; out: number }[]> {
  const rows = await db
    .selectFrom('ledger_month')
    .select(['month', 'cash_in', 'cash_out'])
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
  return rows.map((row) => ({ month: row.month, in: toNumber(row.cash_in), out: toNumber(row.cash_out) }));
}

export interface OwedSum {
  member: LedgerMember;
  owed: number;
}

/** Each member with a ref and a debt (the service orders them: names are unique, so amount and name decide). */
export async function findOwedSums(db: Executor): Promise<OwedSum[]> {
  const rows = await db
    .selectFrom('ledger_member as e')
    .innerJoin('users as u', 'u.id', 'e.users_id')
    .select(['e.users_id', 'u.ref', 'u.name', 'u.class', 'e.owed'])
    .where('e.owed', '<>', 0)
    .where('u.ref', 'is not', null)
    .execute();
  return rows.map((row) => ({
    member: { id: row.users_id, ref: row.ref, name: row.name, class: row.class },
    owed: toNumber(row.owed),
  }));
}

export async function owedOf(db: Executor, usersId: string): Promise<number> {
  const row = await db.selectFrom('ledger_member').select('owed').where('users_id', '=', usersId).executeTakeFirst();
  return toNumber(row?.owed);
}

/** Whether each of these loans' charge is paid: its member's payments of charges cover their charges up to it, oldest loan first. */
export async function findSettledLoans(db: Executor, bookingIds: readonly number[]): Promise<Map<number, boolean>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_loan as l')
    .innerJoin('ledger_member as m', 'm.users_id', 'l.users_id')
    .select(['l.booking_id', 'l.charged_through', 'm.paid'])
    .where('l.booking_id', 'in', [...bookingIds])
    .execute();
  return new Map(rows.map((row) => [row.booking_id, toNumber(row.paid) >= toNumber(row.charged_through)]));
}

export function duesOfYearQuery(db: Executor, year: number) {
  return db
    .selectFrom('ledger_entry')
    .select((eb) => ['users_id', 'dues_month', eb.fn.sum<number | string>('cash').as('cash')])
    .where('dues_month', '>=', `${year}-01`)
    .where('dues_month', '<=', `${year}-12`)
    .where('users_id', 'is not', null)
    .groupBy(['users_id', 'dues_month']);
}

/** Each member's dues of each month of `year`, net of corrections. */
export async function findDuesOfYear(db: Executor, year: number): Promise<{ usersId: string; month: string; cash: number }[]> {
  const rows = await duesOfYearQuery(db, year).execute();
  return rows.map((row) => ({ usersId: row.users_id ?? '', month: row.dues_month ?? '', cash: toNumber(row.cash) }));
}

/** The roster as the Kas shows it (every member with a ref, by name), without the roster's counts of bookings. */
export async function findFundMembers(db: Executor): Promise<(LedgerMember & { ref: string; active: boolean })[]> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.ref', 'u.name', 'u.class', 'u.active'])
    .where('u.ref', 'is not', null)
    .orderBy('u.name')
    .execute();
  return rows.map((row) => ({ id: row.id, ref: row.ref ?? '', name: row.name, class: row.class, active: toBoolean(row.active) }));
}

export async function findLedgerEntry(db: Executor, id: number): Promise<LedgerRow | undefined> {
  const row = await ledgerQuery(db).where('e.id', '=', id).executeTakeFirst();
  return row && toLedgerRow(row);
}

export interface LedgerWrite {
  kind: string;
  date: string;
  usersId: string | null;
  bookingId?: number | null;
  cash: number;
  owed: number;
  duesMonth?: string | null;
  detail?: string;
  note?: string;
  basis?: string | null;
  correctsId?: number | null;
  at: string;
  by: string;
}

/** The one way an entry is written: appended, with the totals, in one transaction. False if another correction came first (corrects_id). */
export async function appendLedgerEntry(db: Executor, entry: LedgerWrite): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => appendLedgerEntry(trx, entry));
  const written = await db
    .insertInto('ledger_entry')
    .values({
      kind: entry.kind,
      entry_date: entry.date,
      users_id: entry.usersId,
      booking_id: entry.bookingId ?? null,
      cash: entry.cash,
      owed: entry.owed,
      dues_month: entry.duesMonth ?? null,
      detail: entry.detail ?? '',
      note: entry.note ?? '',
      basis: entry.basis ?? null,
      corrects_id: entry.correctsId ?? null,
      created_at: entry.at,
      created_by: entry.by,
    })
    .onConflict((conflict) => conflict.column('corrects_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) return false;
  const { kind, date, usersId, cash, owed } = entry;
  await addToTotals(db, { id: Number(written.id), kind, date, usersId, bookingId: entry.bookingId ?? null, cash, owed });
  return true;
}

export async function chargeEntriesOf(db: Executor, bookingId: number): Promise<{ owed: number; count: number }> {
  const row = await db
    .selectFrom('ledger_entry')
    .select((eb) => [eb.fn.sum<number | string | null>('owed').as('owed'), eb.fn.countAll<number | string>().as('count')])
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return { owed: Number(row.owed ?? 0), count: Number(row.count) };
}

/** Each linked borrower chat with the members of the bookings made from its device. */
export async function findLinkedChatMembers(db: Executor, chatId?: string): Promise<{ chatId: string; usersId: string }[]> {
  let query = db
    .selectFrom('borrower_chat as c')
    .innerJoin('borrower_device_booking as d', 'd.device_id', 'c.device_id')
    .innerJoin('borrow_request as b', 'b.id', 'd.booking_id')
    .select(['c.chat_id', 'b.users_id'])
    .distinct();
  if (chatId !== undefined) query = query.where('c.chat_id', '=', chatId);
  return (await query.execute()).map((row) => ({ chatId: row.chat_id, usersId: row.users_id }));
}

/** What each member with entries owes: the sum of their entries' `owed`. */
export async function findOwedByMember(db: Executor): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger_member').select(['users_id', 'owed']).execute();
  return new Map(rows.map((row) => [row.users_id, toNumber(row.owed)]));
}

export interface HowToPay {
  treasurer: string;
  account: string;
  qris: boolean;
}

export async function findHowToPay(db: Executor): Promise<HowToPay | undefined> {
  const row = await db
    .selectFrom('fund_how_to_pay')
    .select(['treasurer', 'account', (eb) => eb('qris_png', 'is not', null).as('has_qris')])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row && { treasurer: row.treasurer, account: row.account, qris: row.has_qris === true || Number(row.has_qris) === 1 };
}

export async function findQrisPng(db: Executor): Promise<string | null> {
  const row = await db.selectFrom('fund_how_to_pay').select('qris_png').where('id', '=', 1).executeTakeFirst();
  return row?.qris_png ?? null;
}

/** The picture beside the saved name and number: false when none is saved yet. */
export async function saveQrisPng(db: Executor, png: string | null, change: { at: string; by: string }): Promise<boolean> {
  const result = await db
    .updateTable('fund_how_to_pay')
    .set({ qris_png: png, updated_at: change.at, updated_by: change.by })
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The one row, written whole each time (not the ledger: what it says is today's instruction, not money). */
export async function saveHowToPay(db: Executor, info: Omit<HowToPay, 'qris'> & { at: string; by: string }): Promise<void> {
  const values = { treasurer: info.treasurer, account: info.account, updated_at: info.at, updated_by: info.by };
  await db
    .insertInto('fund_how_to_pay')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

export interface ClaimRow {
  id: number;
  bookingId: number;
  usersId: string;
  amount: number;
  status: 'pending' | 'confirmed' | 'refused';
  claimedAt: string;
  member: { ref: string | null; name: string; class: string };
  loanDate: string;
  motorbikeId: number;
}

function claimQuery(db: Executor) {
  return db
    .selectFrom('payment_claim as p')
    .innerJoin('users as u', 'u.id', 'p.users_id')
    .innerJoin('borrow_request as b', 'b.id', 'p.booking_id')
    .select([
      'p.id',
      'p.booking_id',
      'p.users_id',
      'p.amount',
      'p.status',
      'p.claimed_at',
      'u.ref',
      'u.name',
      'u.class',
      SPAN_COLUMN.date,
      'b.motorbike_id',
    ]);
}

function toClaim(row: Awaited<ReturnType<ReturnType<typeof claimQuery>['execute']>>[number]): ClaimRow {
  return {
    id: Number(row.id),
    bookingId: row.booking_id,
    usersId: row.users_id,
    amount: Number(row.amount),
    status: row.status,
    claimedAt: row.claimed_at,
    member: { ref: row.ref, name: row.name, class: row.class },
    loanDate: row.borrow_date,
    motorbikeId: row.motorbike_id,
  };
}

export async function findClaimOfLoan(db: Executor, bookingId: number): Promise<ClaimRow | undefined> {
  const row = await claimQuery(db).where('p.booking_id', '=', bookingId).executeTakeFirst();
  return row && toClaim(row);
}

export async function findClaim(db: Executor, id: number): Promise<ClaimRow | undefined> {
  const row = await claimQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row && toClaim(row);
}

export async function findPendingClaims(db: Executor): Promise<ClaimRow[]> {
  return (await claimQuery(db).where('p.status', '=', 'pending').orderBy('p.claimed_at').orderBy('p.id').execute()).map(toClaim);
}

/** Pending again with today's amount: a first press, or one after a refusal. */
export async function putClaimPending(
  db: Executor,
  claim: { bookingId: number; usersId: string; amount: number; at: string },
): Promise<void> {
  const values = { amount: claim.amount, status: 'pending' as const, claimed_at: claim.at, decided_at: null, decided_by: null };
  await db
    .insertInto('payment_claim')
    .values({ booking_id: claim.bookingId, users_id: claim.usersId, ...values })
    .onConflict((conflict) => conflict.column('booking_id').doUpdateSet(values))
    .execute();
}

/** From pending only: true when this call decided it (a second decision, on any instance, finds none). */
export async function decideClaim(
  db: Executor,
  id: number,
  decision: { status: 'confirmed' | 'refused'; at: string; by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_claim')
    .set({ status: decision.status, decided_at: decision.at, decided_by: decision.by })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
