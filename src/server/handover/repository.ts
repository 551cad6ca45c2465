import type { Executor } from '../../db/executor';
import type { FuelLevel, HandoverBooking, RecordedEvent, Recorder, RecorderKind } from '../../domain/handover/handover';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import { BOOKED_END_COLUMNS, NAMED_SPAN_COLUMNS, SPAN_COLUMN, toBookedEnd, toNamedSpan, toStage } from '../bookings/booking-row';

const HANDOVER_COLUMNS = [
  'b.id',
  'b.ref',
  'b.motorbike_id',
  ...NAMED_SPAN_COLUMNS,
  'b.need_stnk',
  'b.cancelled_at',
  'b.picked_up_at',
  'b.picked_up_by_kind',
  'b.picked_up_by_name',
  'b.fuel_out',
  'b.returned_at',
  'b.returned_by_kind',
  'b.returned_by_name',
  'b.fuel_back',
  'b.km_back',
  'b.stnk_back',
  'b.condition_note',
  'b.released_at',
  'b.released_by_kind',
  'b.released_by_name',
  ...BOOKED_END_COLUMNS,
] as const;

function selectHandovers(db: Executor) {
  return db.selectFrom('borrow_request as b').innerJoin('users as u', 'u.id', 'b.users_id').select(HANDOVER_COLUMNS);
}

type HandoverRow = Awaited<ReturnType<ReturnType<typeof selectHandovers>['execute']>>[number];

function recorded(at: string | null, kind: string | null, name: string | null): RecordedEvent | null {
  return at === null ? null : { at, by: { kind: (kind ?? 'admin') as RecorderKind, name } };
}

function toHandoverBooking(row: HandoverRow & { ref: string }): HandoverBooking {
  const pickup = recorded(row.picked_up_at, row.picked_up_by_kind, row.picked_up_by_name);
  const back = recorded(row.returned_at, row.returned_by_kind, row.returned_by_name);
  return {
    id: row.id,
    ref: row.ref,
    motorbikeId: row.motorbike_id,
    ...toNamedSpan(row),
    needStnk: Boolean(row.need_stnk),
    cancelled: row.cancelled_at !== null,
    stage: toStage(row),
    bookedEnd: toBookedEnd(row),
    pickup: pickup && { ...pickup, fuel: row.fuel_out as FuelLevel | null },
    return: back && {
      ...back,
      fuel: row.fuel_back as FuelLevel | null,
      km: row.km_back,
      stnkBack: row.stnk_back === null ? null : Boolean(row.stnk_back),
      note: row.condition_note,
    },
    release: recorded(row.released_at, row.released_by_kind, row.released_by_name),
  };
}

function withRef(row: HandoverRow): (HandoverRow & { ref: string }) | undefined {
  return row.ref === null ? undefined : (row as HandoverRow & { ref: string });
}

function toHandoverBookings(rows: HandoverRow[]): HandoverBooking[] {
  return rows.flatMap((row) => {
    const named = withRef(row);
    return named ? [toHandoverBooking(named)] : [];
  });
}

export async function findHandoverBooking(
  db: Executor,
  lookup: { ref: string } | { cancelTokenHash: string },
): Promise<HandoverBooking | undefined> {
  const row = await selectHandovers(db)
    .where((eb) => ('ref' in lookup ? eb('b.ref', '=', lookup.ref) : eb('b.cancel_token_hash', '=', lookup.cancelTokenHash)))
    .executeTakeFirst();
  const named = row && withRef(row);
  return named && toHandoverBooking(named);
}

/** Picked up, neither returned nor released nor cancelled: the bike is out (the partial index of migration 0100). */
export async function findLoansOut(db: Executor): Promise<HandoverBooking[]> {
  const rows = await selectHandovers(db)
    .where('b.picked_up_at', 'is not', null)
    .where('b.returned_at', 'is', null)
    .where('b.released_at', 'is', null)
    .where('b.cancelled_at', 'is', null)
    .execute();
  return toHandoverBookings(rows);
}

/** The loans out of one bike: a late one blocks that bike's next hours only (0060). */
export async function findLoansOutOn(db: Executor, motorbikeId: number): Promise<HandoverBooking[]> {
  const rows = await selectHandovers(db)
    .where('b.picked_up_at', 'is not', null)
    .where('b.returned_at', 'is', null)
    .where('b.released_at', 'is', null)
    .where('b.cancelled_at', 'is', null)
    .where('b.motorbike_id', '=', motorbikeId)
    .execute();
  return toHandoverBookings(rows);
}

/** Bookings starting from `fromDate` to `toDate` (both included), cancelled ones too, by start. */
export async function findHandoversStartingBetween(db: Executor, fromDate: string, toDate: string): Promise<HandoverBooking[]> {
  const rows = await selectHandovers(db)
    .where(SPAN_COLUMN.date, '>=', fromDate)
    .where(SPAN_COLUMN.date, '<=', toDate)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return toHandoverBookings(rows);
}

/** Loans with anything recorded, newest first, for the Motor tab. */
/** `motorbikeId`: that bike's loans only (0060). */
export async function findLoanHistory(db: Executor, limit: number, motorbikeId?: number): Promise<HandoverBooking[]> {
  let query = selectHandovers(db);
  if (motorbikeId !== undefined) query = query.where('b.motorbike_id', '=', motorbikeId);
  const rows = await query
    .where((eb) => eb.or([eb('b.picked_up_at', 'is not', null), eb('b.returned_at', 'is not', null)]))
    .orderBy(SPAN_COLUMN.date, 'desc')
    .orderBy(SPAN_COLUMN.start, 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return toHandoverBookings(rows);
}

export interface PickupWrite {
  at: string;
  by: Recorder;
  fuel: FuelLevel | null;
}

export async function writePickup(db: Executor, id: number, pickup: PickupWrite): Promise<void> {
  await db
    .updateTable('borrow_request')
    .set({ picked_up_at: pickup.at, picked_up_by_kind: pickup.by.kind, picked_up_by_name: pickup.by.name, fuel_out: pickup.fuel })
    .where('id', '=', id)
    .execute();
}

export interface ReturnWrite {
  at: string;
  by: Recorder;
  fuel: FuelLevel | null;
  km: number | null;
  stnkBack: boolean | null;
  note: string | null;
  /** The minute the bike was free again, and the plan it replaces. */
  freed: { end: string; endDate: string };
  bookedEnd: { end: string; endDate: string };
}

export async function writeReturn(db: Executor, id: number, back: ReturnWrite): Promise<void> {
  await db
    .updateTable('borrow_request')
    .set({
      returned_at: back.at,
      returned_by_kind: back.by.kind,
      returned_by_name: back.by.name,
      fuel_back: back.fuel,
      km_back: back.km,
      stnk_back: back.stnkBack,
      condition_note: back.note,
      end_time: back.freed.end,
      end_date: back.freed.endDate,
      booked_end_time: back.bookedEnd.end,
      booked_end_date: back.bookedEnd.endDate,
    })
    .where('id', '=', id)
    .execute();
}

export interface ReleaseWrite {
  at: string;
  by: Recorder;
  freed: { end: string; endDate: string };
  bookedEnd: { end: string; endDate: string };
}

export async function writeRelease(db: Executor, id: number, release: ReleaseWrite): Promise<void> {
  await db
    .updateTable('borrow_request')
    .set({
      released_at: release.at,
      released_by_kind: release.by.kind,
      released_by_name: release.by.name,
      end_time: release.freed.end,
      end_date: release.freed.endDate,
      booked_end_time: release.bookedEnd.end,
      booked_end_date: release.bookedEnd.endDate,
    })
    .where('id', '=', id)
    .execute();
}

export interface Motorbike {
  name: string;
  plate: string;
  lastKm: number | null;
  lastFuel: FuelLevel | null;
}

export async function findMotorbike(db: Executor, id = FIRST_BIKE_ID): Promise<Motorbike> {
  const row = await db
    .selectFrom('motorbike')
    .select(['name', 'plate', 'last_km', 'last_fuel'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { name: row.name, plate: row.plate, lastKm: row.last_km, lastFuel: row.last_fuel as FuelLevel | null };
}

export async function writeMotorbike(db: Executor, motorbike: Partial<Motorbike>, id = FIRST_BIKE_ID): Promise<void> {
  const changes = {
    ...(motorbike.name !== undefined && { name: motorbike.name }),
    ...(motorbike.plate !== undefined && { plate: motorbike.plate }),
    ...(motorbike.lastKm !== undefined && { last_km: motorbike.lastKm }),
    ...(motorbike.lastFuel !== undefined && { last_fuel: motorbike.lastFuel }),
  };
  // An admin's return may carry neither fuel nor kilometres: an empty SET is not SQL.
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('motorbike').set(changes).where('id', '=', id).execute();
}

export async function writeReturnKilometres(db: Executor, id: number, km: number): Promise<void> {
  await db.updateTable('borrow_request').set({ km_back: km }).where('id', '=', id).execute();
}

/** The bike's last reading is the latest by time: a reading for an earlier return leaves a later one standing (issue 40). */
export async function writeLatestReading(
  db: Executor,
  bookingId: number,
  returned: { at: string; km: number; motorbikeId: number },
): Promise<void> {
  const { at: returnedAt, km, motorbikeId } = returned;
  const later = await db
    .selectFrom('borrow_request')
    .select('id')
    .where('motorbike_id', '=', motorbikeId)
    .where('returned_at', '>', returnedAt)
    .where('km_back', 'is not', null)
    .where('id', '!=', bookingId)
    .executeTakeFirst();
  if (!later) await writeMotorbike(db, { lastKm: km }, motorbikeId);
}

export async function writeReturnFuel(db: Executor, id: number, fuel: FuelLevel): Promise<void> {
  await db.updateTable('borrow_request').set({ fuel_back: fuel }).where('id', '=', id).execute();
}

/** Another booking's latest return on a bike within (after, upTo]: ISO instants, as `returned_at` is written. */
export async function findLastReturnOnBike(
  db: Executor,
  booking: { id: number; motorbikeId: number },
  after: string,
  upTo: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('borrow_request')
    .select('returned_at')
    .where('motorbike_id', '=', booking.motorbikeId)
    .where('id', '!=', booking.id)
    .where('returned_at', '>', after)
    .where('returned_at', '<=', upTo)
    .orderBy('returned_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.returned_at ?? undefined;
}
