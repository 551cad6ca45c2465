import type { Db } from '../../db/database';
import { adminMessages } from '../../domain/admin/admin-messages';
import { claimMessages } from '../../domain/fund/claim-messages';
import { movementOf } from '../../domain/fund/ledger';
import { formatRupiah } from '../../domain/text/money';
import { todayIn } from '../../domain/time/clock';
import type { SessionAdmin } from '../admin/service';
import { appendAuditEntry } from '../audit/service';
import { appendLedgerEntry, decideClaim, findCharge, findClaim, putClaimPending } from './repository';
import { type FundWriteOutcome, ownCharge } from './service';

const labels = adminMessages.fund;

export type ClaimOutcome = { kind: 'ok'; message: string } | { kind: 'refused'; message: string };

/** `Saya sudah bayar` on a loan's unpaid charge: waits for the treasurer and moves no money. Pressing it again changes nothing. */
export async function claimPaid(db: Db, bookingId: number, now: Date): Promise<ClaimOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const charge = await findCharge(trx, bookingId);
    const own = await ownCharge(trx, bookingId);
    if (!charge || !own || charge.amount <= 0) return { kind: 'refused', message: claimMessages.noCharge };
    if (own.paid) return { kind: 'refused', message: claimMessages.alreadyPaid };
    if (own.claim !== 'pending') {
      await putClaimPending(trx, { bookingId, usersId: charge.usersId, amount: charge.amount, at: now.toISOString() });
    }
    return { kind: 'ok', message: claimMessages.pending };
  });
}

/** `Terima`: the claim's amount becomes a payment of charges today; `Tolak`: nothing moves. Either once. */
export async function decidePendingClaim(
  db: Db,
  admin: SessionAdmin,
  id: number,
  decision: 'confirmed' | 'refused',
  clock: { now: Date; timeZone: string },
): Promise<FundWriteOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const claim = await findClaim(trx, id);
    if (!claim) return { kind: 'notFound' };
    const at = clock.now.toISOString();
    if (!(await decideClaim(trx, id, { status: decision, at, by: admin.name }))) return { kind: 'conflict', message: labels.claimDecided };
    const amount = formatRupiah(claim.amount);
    if (decision === 'refused') return { kind: 'ok', message: labels.claimRefused(claim.member.name, amount) };
    const date = todayIn(clock.timeZone, clock.now);
    const note = claim.loanDate;
    await appendLedgerEntry(trx, {
      kind: 'payment',
      date,
      usersId: claim.usersId,
      ...movementOf('payment', claim.amount),
      detail: labels.claimDetail,
      note,
      at,
      by: admin.name,
    });
    await appendAuditEntry(trx, {
      at: clock.now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'payment-recorded',
      target: claim.member.name,
      detail: [amount, labels.claimDetail, date, note].join(', '),
    });
    return { kind: 'ok', message: labels.paymentSavedOf(amount, claim.member.name) };
  });
}
