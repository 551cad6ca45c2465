import type { Executor } from '../../../db/executor';
import type { NamedBookingSpan } from '../../../domain/booking/booking-day';
import type { HandoverStage } from '../../../domain/handover/handover';
import { NAMED_SPAN_COLUMNS, STAGE_COLUMNS, toNamedSpan, toStage } from '../booking-row';

export interface StoredBooking extends NamedBookingSpan {
  id: number;
  ref: string;
  voucherCode: string | null;
  cancelledAt: string | null;
  /** Where its handover stands: a loan picked up or back cannot be cancelled (0050). */
  stage: HandoverStage;
  createdAt: string | null;
  cancellation: { byKind: string | null; byName: string | null; reason: string | null } | null;
}

/** Admins and Telegram name a booking by its ref, the borrower by the hash of its cancel secret. */
export type BookingLookup = { ref: string } | { cancelTokenHash: string };

export async function findStoredBooking(db: Executor, lookup: BookingLookup): Promise<StoredBooking | undefined> {
  const row = await db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .leftJoin('users as c', 'c.id', 'b.cancelled_by_user_id')
    .select([
      'b.id',
      'b.ref',
      ...NAMED_SPAN_COLUMNS,
      ...STAGE_COLUMNS,
      'b.voucher_code',
      'b.cancelled_at',
      'b.created_at',
      'b.cancelled_by_kind',
      'b.cancel_reason',
      'c.name as canceller_name',
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
    stage: toStage(row),
    createdAt: row.created_at,
    cancellation:
      row.cancelled_at === null ? null : { byKind: row.cancelled_by_kind, byName: row.canceller_name, reason: row.cancel_reason },
  };
}

export interface CancellationRow {
  cancelledAt: string;
  kind: string;
  userId: string | null;
  reason: string;
}

/** False when it was cancelled already; nothing changes then. */
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

/** A revoked voucher stays refused. */
export async function returnVoucher(db: Executor, code: string): Promise<void> {
  await db.updateTable('vouchers').set({ is_used: false }).where('code', '=', code).where('revoked_at', 'is', null).execute();
}
