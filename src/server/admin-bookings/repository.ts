import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { NamedBookingSpan } from '../../domain/booking/booking-day';
import { isPurpose, type Purpose } from '../../domain/fund/charges';
import { NAMED_SPAN_COLUMNS, SPAN_COLUMN, toNamedSpan } from '../bookings/booking-row';

export interface AdminBookingRow extends NamedBookingSpan {
  ref: string;
  reason: string;
  needStnk: boolean;
  voucherCode: string | null;
  createdAt: string | null;
  cancelledAt: string | null;
  cancelledByKind: string | null;
  cancelledByName: string | null;
  cancelReason: string | null;
  purpose: Purpose;
  motorbikeId: number;
}

function bookingQuery(db: Executor) {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .leftJoin('users as c', 'c.id', 'b.cancelled_by_user_id')
    .select([
      'b.ref',
      ...NAMED_SPAN_COLUMNS,
      'b.reason',
      'b.need_stnk',
      'b.voucher_code',
      'b.created_at',
      'b.cancelled_at',
      'b.cancelled_by_kind',
      'b.cancel_reason',
      'c.name as canceller_name',
      'b.purpose',
      'b.motorbike_id',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof bookingQuery>['execute']>>[number];

function toRow(row: Row): AdminBookingRow | undefined {
  if (row.ref === null) return undefined;
  return {
    ref: row.ref,
    ...toNamedSpan(row),
    reason: row.reason,
    needStnk: toBoolean(row.need_stnk),
    voucherCode: row.voucher_code,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelledByKind: row.cancelled_by_kind,
    cancelledByName: row.canceller_name,
    cancelReason: row.cancel_reason,
    purpose: isPurpose(row.purpose) ? row.purpose : 'personal',
    motorbikeId: row.motorbike_id,
  };
}

/** `to` is inclusive; cancelled bookings are included; `motorbikeId`: that bike's only. */
export async function findBookingsBetween(db: Executor, from: string, to: string, motorbikeId?: number): Promise<AdminBookingRow[]> {
  let query = bookingQuery(db);
  if (motorbikeId !== undefined) query = query.where('b.motorbike_id', '=', motorbikeId);
  const rows = await query
    .where(SPAN_COLUMN.date, '>=', from)
    .where(SPAN_COLUMN.date, '<=', to)
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('b.id')
    .execute();
  return rows.map(toRow).filter((row) => row !== undefined);
}

export async function findAdminBooking(db: Executor, ref: string): Promise<AdminBookingRow | undefined> {
  const row = await bookingQuery(db).where('b.ref', '=', ref).executeTakeFirst();
  return row && toRow(row);
}
