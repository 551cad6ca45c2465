import type { Db } from '../../../db/database';
import { type HandoverKeyboard, outOfServiceStartText } from '../../../domain/chat/owner-bot';
import type { OutOfServiceDecision } from '../../../domain/out-of-service/out-of-service';
import { outOfServiceMessages } from '../../../domain/out-of-service/out-of-service-messages';
import { localMomentIn } from '../../../domain/time/clock';
import {
  createPeriod,
  decidePeriod,
  endPeriod,
  findBookingsInside,
  findCurrentPeriod,
  type PeriodClock,
} from '../../out-of-service/service';

const owner = { kind: 'owner' } as const;
const labels = outOfServiceMessages;

export interface BotAnswer {
  text: string;
  keyboard?: HandoverKeyboard;
}

/**
 * `/bengkel {alasan}`: out of service from now, open-ended. The bookings inside are listed under
 * `Batalkan semua` / `Biarkan`; until a button is pressed they stand, and new ones are refused.
 */
export async function startOutOfService(db: Db, reason: string, clock: PeriodClock): Promise<BotAnswer> {
  if (reason.trim() === '') return { text: labels.ownerReasonMissing };
  const current = await findCurrentPeriod(db.kysely, clock);
  if (current) return { text: labels.ownerAlreadyOut(current.reason) };
  const now = localMomentIn(clock.timeZone, clock.now);
  const period = { fromDate: now.date, fromTime: now.time, untilDate: null, untilTime: null, reason };
  const affected = await findBookingsInside(db.kysely, period);
  // With nothing inside there is nothing to decide: the period is recorded as leaving bookings be.
  const outcome = await createPeriod(db, { period, by: owner, decision: affected.length === 0 ? 'keep' : null }, clock);
  if (outcome.kind !== 'created') return { text: Object.values(outcome.errors).join('\n') };
  const text = outOfServiceStartText(outcome.period.reason, outcome.affected);
  return outcome.affected.length === 0 || outcome.period.decision !== null
    ? { text }
    : { text, keyboard: { kind: 'outOfService', ref: outcome.period.ref } };
}

/** A press of `Batalkan semua` or `Biarkan`: the callback's answer. */
export async function decideOutOfService(db: Db, ref: string, decision: OutOfServiceDecision, clock: PeriodClock): Promise<string> {
  const outcome = await decidePeriod(db, ref, decision, clock);
  if (outcome.kind === 'notFound') return labels.notFound;
  if (outcome.kind === 'already') return labels.ownerDecided;
  const { reason } = outcome.period;
  return decision === 'cancel'
    ? labels.ownerCancelledCount(outcome.cancelled.length, reason)
    : labels.ownerWarnedCount(outcome.warned.length, reason);
}

/** `/siap`: the current period ends now. */
export async function endOutOfService(db: Db, clock: PeriodClock): Promise<string> {
  const outcome = await endPeriod(db, undefined, owner, clock);
  return outcome.kind === 'ended' ? labels.ownerReady : labels.ownerNotOut;
}
