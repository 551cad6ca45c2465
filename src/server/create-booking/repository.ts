import { randomBytes } from 'node:crypto';
import { compiledQuery } from '../../db/compiled-query';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { SavedBookingDetails } from '../../domain/booking/booking-rules';

export interface NewBookingRow extends SavedBookingDetails {
  usersId: string;
  motorbikeId: number;
  createdAt: string;
  cancelTokenHash: string;
}
export async function findVoucher(db: Executor, code: string): Promise<{ isUsed: boolean } | undefined> {
  const row = await db.selectFrom('vouchers').select('is_used').where('code', '=', code).executeTakeFirst();
  return row && { isUsed: toBoolean(row.is_used) };
}
/** False when the voucher is unknown or was used already. */
export async function consumeVoucher(db: Executor, code: string): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set({ is_used: true })
    .where('code', '=', code)
    .where('is_used', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const insertBookingQuery = compiledQuery((db, booking: Required<NewBookingRow> & { ref: string }) =>
  db
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
      ref: booking.ref,
      cancel_token_hash: booking.cancelTokenHash,
      purpose: booking.purpose,
      motorbike_id: booking.motorbikeId,
    })
    .returning('id'),
);

export async function insertBooking(db: Executor, booking: NewBookingRow): Promise<{ id: number; ref: string }> {
  const ref = newBookingRef();
  const [row] = (await insertBookingQuery(db, { ...booking, purpose: booking.purpose ?? 'personal', ref })).rows;
  if (!row) throw new Error('insert into borrow_request returned no id');
  return { id: row.id, ref };
}

export function newBookingRef(): string {
  return randomBytes(12).toString('base64url');
}
