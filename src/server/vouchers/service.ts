import { randomBytes as secureRandomBytes } from 'node:crypto';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { CreatedVoucher, VoucherSummary } from '../../domain/admin-schemas';
import { makeVoucherCode } from '../../domain/voucher-code';
import { insertVoucherIfAbsent, listVoucherSummaries } from './repository';

/** 36^6 codes make a collision rare; this many in a row means something else is wrong. */
const MAX_CODE_TRIES = 10;

/**
 * A new unused voucher with a code no voucher had before: a colliding code is drawn again,
 * never returned. `randomBytes` must be a cryptographically secure source.
 */
export async function generateVoucher(
  db: Executor,
  { createdBy, now, randomBytes = secureRandomBytes }: { createdBy: string; now: Date; randomBytes?: (size: number) => Uint8Array },
): Promise<CreatedVoucher> {
  for (let tries = 0; tries < MAX_CODE_TRIES; tries++) {
    const code = makeVoucherCode(randomBytes);
    if (await insertVoucherIfAbsent(db, { code, createdAt: now, createdBy })) return { code, createdAt: now.toISOString() };
  }
  throw new Error(`no free voucher code in ${MAX_CODE_TRIES} tries`);
}

export async function listVouchers(db: Executor): Promise<VoucherSummary[]> {
  const rows = await listVoucherSummaries(db);
  return rows.map((row) => ({
    code: row.code,
    createdAt: row.created_at,
    isUsed: toBoolean(row.is_used),
    usedBy: row.borrower_name !== null && row.borrow_date !== null ? { name: row.borrower_name, date: row.borrow_date } : null,
  }));
}
