import type { Executor } from '../../db/executor';

export interface VoucherSummaryRow {
  code: string;
  created_at: string | null;
  is_used: boolean | number;
  borrower_name: string | null;
  borrow_date: string | null;
}

/** Inserts the voucher unless its code exists; true when it was inserted. */
export async function insertVoucherIfAbsent(db: Executor, voucher: { code: string; createdAt: Date; createdBy: string }): Promise<boolean> {
  const result = await db
    .insertInto('vouchers')
    .values({ code: voucher.code, is_used: false, created_at: voucher.createdAt.toISOString(), created_by: voucher.createdBy })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Every voucher, newest first, with the booking that used it when one is recorded. */
export async function listVoucherSummaries(db: Executor): Promise<VoucherSummaryRow[]> {
  return db
    .selectFrom('vouchers')
    .leftJoin('borrow_request', 'borrow_request.voucher_code', 'vouchers.code')
    .leftJoin('users', 'users.id', 'borrow_request.users_id')
    .select(['vouchers.code', 'vouchers.created_at', 'vouchers.is_used', 'users.name as borrower_name', 'borrow_request.borrow_date'])
    .orderBy('vouchers.created_at', (order) => order.desc().nullsLast())
    .orderBy('vouchers.code', 'desc')
    .execute();
}
