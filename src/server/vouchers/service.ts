import { randomBytes as secureRandomBytes } from 'node:crypto';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { makeVoucherCode } from '../../domain/booking/voucher-code';
import type { AdminVoucher, CreatedVoucher } from '../../domain/schemas/admin';
import type { SessionAdmin } from '../admin/service';
import { appendAuditEntry } from '../audit/service';
import { findVoucherRow, insertVoucherIfAbsent, listVoucherRows, revokeUnusedVoucher, type VoucherRow } from './repository';

/** 36^6 codes make a collision rare; this many in a row means something else is wrong. */
const MAX_CODE_TRIES = 10;

/** A colliding code is drawn again, never returned; `randomBytes` must be cryptographically secure. Writes through the caller's `trx`. */
export async function generateVoucher(
  trx: Executor,
  {
    admin,
    note,
    now,
    randomBytes = secureRandomBytes,
  }: { admin: SessionAdmin; note?: string | undefined; now: Date; randomBytes?: (size: number) => Uint8Array },
): Promise<CreatedVoucher> {
  const trimmedNote = note?.trim() || null;
  for (let tries = 0; tries < MAX_CODE_TRIES; tries++) {
    const code = makeVoucherCode(randomBytes);
    if (await insertVoucherIfAbsent(trx, { code, createdAt: now, createdBy: admin.id, note: trimmedNote })) {
      await appendAuditEntry(trx, {
        at: now,
        actorUserId: admin.id,
        actorName: admin.name,
        action: 'voucher-generated',
        target: code,
        ...(trimmedNote ? { detail: `${adminMessages.voucherNote}: ${trimmedNote}` } : {}),
      });
      return { code, createdAt: now.toISOString() };
    }
  }
  throw new Error(`no free voucher code in ${MAX_CODE_TRIES} tries`);
}

function toAdminVoucher(row: VoucherRow): AdminVoucher {
  const status = row.revoked_at !== null ? 'revoked' : toBoolean(row.is_used) ? 'used' : 'unused';
  const { borrower_name: name, borrow_date: date, start_time: start, end_time: end } = row;
  const usedBy =
    status === 'used' && name !== null && date !== null && start !== null && end !== null
      ? { name, date, start, end, endDate: row.end_date ?? date }
      : null;
  return {
    code: row.code,
    note: row.note,
    createdAt: row.created_at,
    createdBy: row.creator_name,
    status,
    usedBy,
    revokedAt: row.revoked_at,
  };
}

export async function listVouchers(db: Executor): Promise<AdminVoucher[]> {
  return (await listVoucherRows(db)).map(toAdminVoucher);
}

export type RevokeOutcome = { kind: 'revoked'; voucher: AdminVoucher } | { kind: 'refused'; status: 404 | 409; message: string };

export async function revokeVoucher(db: Executor, admin: SessionAdmin, code: string, now: Date): Promise<RevokeOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await revokeUnusedVoucher(trx, code, { by: admin.id, at: now }))) {
      const exists = await findVoucherRow(trx, code);
      return exists
        ? { kind: 'refused', status: 409, message: adminMessages.voucherNotRevocable }
        : { kind: 'refused', status: 404, message: adminMessages.voucherNotFound };
    }
    await appendAuditEntry(trx, { at: now, actorUserId: admin.id, actorName: admin.name, action: 'voucher-revoked', target: code });
    const row = await findVoucherRow(trx, code);
    if (!row) throw new Error(`voucher ${code} vanished inside its own transaction`);
    return { kind: 'revoked', voucher: toAdminVoucher(row) };
  });
}
