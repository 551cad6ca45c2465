import type { Executor } from '../../db/executor';
import { SPAN_COLUMNS } from '../bookings/booking-row';

export interface VoucherRow {
  code: string;
  note: string | null;
  created_at: string | null;
  creator_name: string | null;
  is_used: boolean | number;
  revoked_at: string | null;
  borrower_name: string | null;
  borrow_date: string | null;
  start_time: string | null;
  end_time: string | null;
  end_date: string | null;
}

/** True when it was inserted: false when the code exists. */
export async function insertVoucherIfAbsent(
  db: Executor,
  voucher: { code: string; createdAt: Date; createdBy: string; note: string | null },
): Promise<boolean> {
  const result = await db
    .insertInto('vouchers')
    .values({
      code: voucher.code,
      is_used: false,
      created_at: voucher.createdAt.toISOString(),
      created_by: voucher.createdBy,
      note: voucher.note,
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

function voucherQuery(db: Executor) {
  return (
    db
      .selectFrom('vouchers')
      // A voucher given back by a cancellation may be spent again: only the active booking is its user.
      .leftJoin('borrow_request as b', (join) => join.onRef('b.voucher_code', '=', 'vouchers.code').on('b.cancelled_at', 'is', null))
      .leftJoin('users as borrower', 'borrower.id', 'b.users_id')
      .leftJoin('users as creator', 'creator.id', 'vouchers.created_by')
      .select([
        'vouchers.code',
        'vouchers.note',
        'vouchers.created_at',
        'vouchers.is_used',
        'vouchers.revoked_at',
        'creator.name as creator_name',
        'borrower.name as borrower_name',
        ...SPAN_COLUMNS,
      ])
  );
}

export async function listVoucherRows(db: Executor): Promise<VoucherRow[]> {
  return voucherQuery(db)
    .orderBy('vouchers.created_at', (order) => order.desc().nullsLast())
    .orderBy('vouchers.code', 'desc')
    .execute();
}

export async function findVoucherRow(db: Executor, code: string): Promise<VoucherRow | undefined> {
  return voucherQuery(db).where('vouchers.code', '=', code).executeTakeFirst();
}

/** False when used, revoked or unknown. Also marks it used, so the booking path refuses it like a used one. */
export async function revokeUnusedVoucher(db: Executor, code: string, { by, at }: { by: string; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set({ is_used: true, revoked_at: at.toISOString(), revoked_by: by })
    .where('code', '=', code)
    .where('is_used', '=', false)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
